#!/usr/bin/env bash
# `npm start`: the whole service in one process with the embedded store and the in-process queue.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"
npx turbo run build --filter=@kcp/standalone... --filter=@kcp/console --output-logs=errors-only >&2
exec node services/standalone/dist/main.js
