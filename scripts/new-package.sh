#!/usr/bin/env bash
# Scaffolds a workspace package: scripts/new-package.sh libs/name "description"
set -euo pipefail
dir="$1"; description="$2"; name="@kcp/$(basename "$dir")"
mkdir -p "$dir/src" "$dir/test"
cat >"$dir/package.json" <<JSON
{
  "name": "$name",
  "version": "0.1.0",
  "private": true,
  "description": "$description",
  "type": "module",
  "exports": {
    ".": {
      "source": "./src/index.ts",
      "types": "./dist/index.d.ts",
      "default": "./dist/index.js"
    }
  },
  "scripts": {
    "build": "tsc -p tsconfig.build.json",
    "typecheck": "tsc -p tsconfig.json",
    "lint": "biome check .",
    "test": "cd ../.. && mocha --config .mocharc.json '$dir/test/**/*.test.ts'"
  }
}
JSON
cat >"$dir/tsconfig.json" <<JSON
{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": {
    "noEmit": true,
    "customConditions": ["source"],
    "types": ["node", "mocha"]
  },
  "include": ["src", "test"]
}
JSON
cat >"$dir/tsconfig.build.json" <<JSON
{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": {
    "rootDir": "src",
    "outDir": "dist"
  },
  "include": ["src"]
}
JSON
