#!/usr/bin/env bash
# Fuzzes the API with Schemathesis against a throwaway standalone service and a private Kafka cluster:
#   scripts/fuzz.sh [--budget ci|nightly] [--seed N]     (default: nightly, about an hour)
# Same run as services/standalone/test/fuzz.test.ts (CI budget); see docs/testing.md, "Fuzzing".
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
exec bash scripts/run-ts.sh services/standalone/test/fuzz-main.ts "$@"
