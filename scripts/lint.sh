#!/usr/bin/env bash
# `npm run lint`: Biome's linter and formatter check over the whole repository.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"
exec npx biome check "$@" .
