import { join } from "node:path";
import { nodeBundle } from "../common/node-bundle.js";
import { repoRoot } from "../common/paths.js";

/** The arguments of `node` that start a node agent: its bundle (`nodeBundle`, common/node-bundle.ts). */
export async function agentNodeArgs(): Promise<string[]> {
  return [await nodeBundle(join(repoRoot, "services", "node-agent", "src", "main.ts"))];
}
