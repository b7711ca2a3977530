import { ensureGoCommand, type GoCommand, goCommandBuilt, runGoCommand } from "../common/go-build.js";

export const HELM_VERSION = "v3.22.0";

/** Helm's own command (lint, template: what the chart's tests run), built from the Go module proxy, then cached. */
const HELM: GoCommand = {
  name: "helm",
  module: "helm.sh/helm/v3",
  version: HELM_VERSION,
  packagePath: "./cmd/helm",
};

export const helmBuilt = () => goCommandBuilt(HELM);
export const ensureHelm = () => ensureGoCommand(HELM);
/** Runs helm with `args` in `cwd` (no repositories, no cluster: lint and template only); answers its output. */
export const runHelm = (args: string[], cwd: string) => runGoCommand(HELM, args, cwd);
