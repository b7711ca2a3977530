#!/usr/bin/env bash
# Sourced by the entry scripts: Node 24 on PATH (toolchain.sh) and the workspace's dependencies installed.
# Re-installs only when package-lock.json changed since the last install.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"
cd "$REPO_ROOT"

ensure_dependencies() {
  local stamp="node_modules/.kcp-lock-hash" wanted
  wanted="$(node -e 'const c=require("node:crypto"),f=require("node:fs");process.stdout.write(c.createHash("sha256").update(f.readFileSync("package-lock.json")).update(process.version).digest("hex"))')"
  if [[ -f "$stamp" && "$(cat "$stamp")" == "$wanted" ]]; then
    return 0
  fi
  echo "bootstrap: installing the npm dependencies (package-lock.json changed or first run; a minute or two)" >&2
  # `npm install --no-save` rather than `npm ci`: it installs what package-lock.json pins just the same, but tolerates
  # optional per-platform packages (Biome's, turbo's) that a partial registry mirror does not serve.
  npm install --no-save --no-audit --no-fund --loglevel=error >&2
  echo "$wanted" >"$stamp"
}

ensure_dependencies

# turbo's task cache (type checks, builds) lives beside the test servers' cache, outside the checkout, so that a fresh
# clone on the same machine (each CI run's) finds the packages it did not change already checked and built. Its
# telemetry notice is off: these machines reach no telemetry endpoint.
export TURBO_CACHE_DIR="${TURBO_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/kcp/turbo}"
export TURBO_TELEMETRY_DISABLED=1
