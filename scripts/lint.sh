#!/usr/bin/env bash
# `npm run lint`: Biome's linter and formatter check over the whole repository, then the import rules each package's
# README states (scripts/check-imports.ts), no function over 150 lines in the workspaces' source
# (scripts/function-lengths.ts) and the generated list of operation types up to date with their definitions
# (libs/shared/scripts/generate-operation-types.ts --check). `npm run format` (--write) runs Biome's fixes only.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"
status=0
npx biome check "$@" . || status=$?
if [[ " $* " != *" --write "* ]]; then
  node --conditions=source --import tsx scripts/check-imports.ts || status=$?
  node --conditions=source --import tsx scripts/function-lengths.ts --max 150 --top 0 || status=$?
  node --conditions=source --import tsx libs/shared/scripts/generate-operation-types.ts --check || status=$?
fi
exit "$status"
