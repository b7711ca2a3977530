#!/usr/bin/env bash
# Sourced by the repo's entry scripts: puts a Node.js >= 24 first on PATH.
# Where the machine's Node is older, the official binary is taken from the npm registry
# (package node-<os>-<arch>, the one the `node` package installs) into .toolchain/, once.
set -euo pipefail

NODE_WANTED_MAJOR=24
NODE_PINNED_VERSION="${KCP_NODE_VERSION:-24.21.0}"
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLCHAIN_DIR="$REPO_ROOT/.toolchain"

node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

platform_package() {
  local os arch
  case "$(uname -s)" in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    *) echo "unsupported OS $(uname -s): install Node.js $NODE_WANTED_MAJOR yourself" >&2; return 1 ;;
  esac
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "unsupported CPU $(uname -m): install Node.js $NODE_WANTED_MAJOR yourself" >&2; return 1 ;;
  esac
  echo "node-$os-$arch"
}

install_pinned_node() {
  local target="$1" package tmp
  package="$(platform_package)"
  tmp="$(mktemp -d)"
  echo "toolchain: installing Node.js $NODE_PINNED_VERSION ($package from the npm registry) into .toolchain/" >&2
  (cd "$tmp" && npm pack --silent "$package@$NODE_PINNED_VERSION" >/dev/null)
  tar -xzf "$tmp"/*.tgz -C "$tmp" package/bin/node
  mkdir -p "$target/bin"
  mv "$tmp/package/bin/node" "$target/bin/node.partial"
  mv "$target/bin/node.partial" "$target/bin/node"
  rm -rf "$tmp"
}

ensure_node() {
  local system_node
  system_node="$(command -v node || true)"
  if [[ -n "$system_node" && "$(node_major "$system_node")" -ge "$NODE_WANTED_MAJOR" ]]; then
    return 0
  fi
  local target="$TOOLCHAIN_DIR/node-$NODE_PINNED_VERSION"
  if [[ ! -x "$target/bin/node" ]]; then
    install_pinned_node "$target"
  fi
  export PATH="$target/bin:$PATH"
}

ensure_node
