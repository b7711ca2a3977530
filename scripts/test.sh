#!/usr/bin/env bash
# `npm test`: every package's tests in one mocha run (so real test servers are shared across packages),
# after the type check. Extra arguments go to mocha, e.g. `npm test -- --grep envelope`.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"
say() { echo "test: $*" >&2; }
say "checking the machine's prerequisites (Java 17+, Maven, Go, redis-server, Chromium)"
npm run -s kafka -- check
say "type-checking every package"
npx turbo run typecheck --output-logs=errors-only
say "building the service and the console"
npx turbo run build --filter=@kcp/standalone... --filter=@kcp/console --output-logs=errors-only
say "installing the test servers and tools: Kafka of every version, Redis, FerretDB, Chromium, promlint, promtool, helm, etcd and kube-apiserver, Strimzi's CRDs, Podman and its Kafka images (minutes the first time, then cached)"
npm run -s kafka -- install >/dev/null
say "running the tests"
exec npx mocha --config .mocharc.json 'libs/*/test/**/*.test.ts' 'services/*/test/**/*.test.ts' 'tools/*/test/**/*.test.ts' 'apps/*/test/**/*.test.ts' "$@"
