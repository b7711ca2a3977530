import { ensureGoCommand, type GoCommand, goCommandBuilt, runGoCommand } from "../common/go-build.js";

/** Prometheus' module as the Go module proxy serves it (v0.316.0 is Prometheus 3.x's promtool). */
export const PROMETHEUS_MODULE_VERSION = "v0.316.0";

/** Prometheus' promtool (rules checks and rule unit tests), about 4 minutes to build cold, then cached. */
const PROMTOOL: GoCommand = {
  name: "promtool",
  module: "github.com/prometheus/prometheus",
  version: PROMETHEUS_MODULE_VERSION,
  packagePath: "./cmd/promtool",
};

export const promtoolBuilt = () => goCommandBuilt(PROMTOOL);
export const ensurePromtool = () => ensureGoCommand(PROMTOOL);
/** Runs promtool with `args` in `cwd`; answers its output, or throws it when promtool exits non-zero. */
export const runPromtool = (args: string[], cwd: string) => runGoCommand(PROMTOOL, args, cwd);
