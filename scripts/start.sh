#!/usr/bin/env bash
# `npm start`: the whole service in one process with the embedded store and the in-process queue.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"
echo "start: building the service and the console (about a minute the first time, seconds after)" >&2
npx turbo run build --filter=@kcp/standalone... --filter=@kcp/console --output-logs=errors-only >&2
echo "start: starting the service" >&2
exec node services/standalone/dist/main.js
