#!/usr/bin/env bash
# `npm test`: the type check, the build, the test servers, then every test file in mocha processes run side by side
# (tools/test-infra/src/run-tests.ts). Extra arguments go to one mocha process, e.g. `npm test -- --grep envelope`.
# `npm run test:quick` (--quick): the type check, then only the files that need no server, for the inner loop.
# `npm run test:times` (--update-times): the whole run, then tools/test-infra/test-times.json rewritten from it.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"
say() { echo "test: $*" >&2; }
began=$SECONDS
mark() { echo "test: $1 took $((SECONDS - began)) s" >&2; began=$SECONDS; }

if [[ "${1:-}" == "--quick" ]]; then
  say "type-checking every package"
  npx turbo run typecheck --output-logs=errors-only
  mark "the type check"
  say "running the tests that need no server"
  exec node --conditions=source --import tsx tools/test-infra/src/run-tests.ts --quick
fi

say "checking the machine's prerequisites (Java 17+, Maven, Go, redis-server, slapd, Podman, runc, debootstrap, Python 3.11+, Chromium, containerd, CNI plugins, iptables, ipset, curl)"
npm run -s kafka -- check
say "type-checking every package"
npx turbo run typecheck --output-logs=errors-only
mark "the type check"
say "building the service and the console"
npx turbo run build --filter=@kcp/standalone... --filter=@kcp/console --output-logs=errors-only
mark "the build"
say "installing the test servers and tools: Kafka of every version, Redis, slapd, FerretDB, Chromium, promlint, promtool, helm, kustomize, the Kubernetes node's binaries (etcd, kube-apiserver, kubelet…, CoreDNS, kube-router) and pause image, Strimzi's CRDs, Podman and its Kafka images (minutes the first time, then cached outside the checkout)"
npm run -s kafka -- install >/dev/null
mark "the test servers' install"
say "running the tests"
exec node --conditions=source --import tsx tools/test-infra/src/run-tests.ts "$@"
