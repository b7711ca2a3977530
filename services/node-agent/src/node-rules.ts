import { AppError, jvmOptionsProblem } from "@kcp/shared";
import { type AgentConfig, dataRootsOf } from "./config.js";
import { checkProperties, type PropertyPolicy } from "./property-rules.js";
import { PathRoots } from "./roots.js";

/** The keys that name a node's data and log dirs: each path must lie under AGENT_DATA_ROOTS. */
export const DATA_DIR_KEYS = ["log.dirs", "log.dir", "metadata.log.dir"] as const;

/**
 * What the agent accepts of a node's configuration and JVM options, whoever asks: its data and log dirs under
 * AGENT_DATA_ROOTS (their links resolved), the properties that would load code, read files or fetch URLs only of the
 * allowed shapes (property-rules.ts), JVM options of the shared allow-list. Checked before anything is written.
 */
export class NodeRules {
  constructor(
    readonly dataRoots: PathRoots,
    private readonly policy: PropertyPolicy,
  ) {}

  static async of(config: AgentConfig): Promise<NodeRules> {
    const dataRoots = await PathRoots.of(dataRootsOf(config), "data", {
      create: config.AGENT_DATA_ROOTS === undefined,
    });
    const files = await PathRoots.of(config.AGENT_FILE_ROOTS ?? [], "file");
    return new NodeRules(dataRoots, { files, fetchUrls: new Set(config.AGENT_FETCH_URLS ?? []) });
  }

  /** A whole configuration (provisioning) and the JVM options it runs with. */
  async checkProvision(config: Record<string, string>, jvmOptions: readonly string[]): Promise<void> {
    const problem = jvmOptionsProblem(jvmOptions);
    if (problem) throw new AppError("invalid_request", `jvmOptions: ${problem}`);
    await this.checkSet(config);
  }

  /** The keys a change sets (PATCH config): those that name dirs, files, classes or URLs follow the rules. */
  async checkSet(set: Record<string, string>): Promise<void> {
    await checkProperties(set, this.policy);
    for (const key of DATA_DIR_KEYS) {
      const value = set[key];
      if (value === undefined) continue;
      const paths = value.split(",").map((path) => path.trim());
      if (paths.some((path) => path === "")) throw new AppError("invalid_request", `${key}: an empty path in the list`);
      for (const path of paths) await this.dataRoots.check(path, key);
    }
  }
}
