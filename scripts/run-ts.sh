#!/usr/bin/env bash
# Runs a TypeScript entry point from source with Node 24: scripts/run-ts.sh path/to/file.ts [args...]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"
cd "$OLDPWD" 2>/dev/null || true
exec node --conditions=source --import tsx "$@"
