import { ensureGoCommand, type GoCommand, goCommandBuilt, runGoCommand } from "../common/go-build.js";

/** kustomize's own command (what `kubectl apply -k` embeds), built from the Go module proxy, then cached. */
const KUSTOMIZE: GoCommand = {
  name: "kustomize",
  module: "sigs.k8s.io/kustomize/kustomize/v5",
  version: "v5.8.0",
  packagePath: ".",
};

/** `kustomize build <dir>`: the rendered manifests (YAML documents). */
export const kustomizeBuild = (dir: string) => runGoCommand(KUSTOMIZE, ["build", dir], dir);
export const ensureKustomize = () => ensureGoCommand(KUSTOMIZE);
export const kustomizeBuilt = () => goCommandBuilt(KUSTOMIZE);
