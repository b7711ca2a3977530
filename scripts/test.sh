#!/usr/bin/env bash
# `npm test`: every package's tests in one mocha run (so real test servers are shared across packages),
# after the type check. Extra arguments go to mocha, e.g. `npm test -- --grep envelope`.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"
npx turbo run typecheck --output-logs=errors-only
npx turbo run build --filter=@kcp/standalone... --filter=@kcp/console --output-logs=errors-only
npm run -s kafka -- install >/dev/null
exec npx mocha --config .mocharc.json 'libs/*/test/**/*.test.ts' 'services/*/test/**/*.test.ts' 'tools/*/test/**/*.test.ts' 'apps/*/test/**/*.test.ts' "$@"
