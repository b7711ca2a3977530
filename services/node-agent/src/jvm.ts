import { existsSync } from "node:fs";
import { join } from "node:path";

/** The classpath of an installation: its `libs/*`. */
export const classpathOf = (installationPath: string) => join(installationPath, "libs", "*");

/**
 * The installation's own logging configuration where it has one (a release tarball's `config/`), else the agent's
 * (`agentConfig`: bounded files in the node's logs folder, logging-config.ts). Set by the agent alone: a node's JVM
 * options never name a file.
 */
export function log4jOptions(installationPath: string, agentConfig: string): string[] {
  const log4j2 = join(installationPath, "config", "log4j2.yaml");
  if (existsSync(log4j2)) return [`-Dlog4j2.configurationFile=${log4j2}`];
  const log4j = join(installationPath, "config", "log4j.properties");
  if (existsSync(log4j)) return [`-Dlog4j.configuration=file:${log4j}`];
  return [`-Dlog4j2.configurationFile=${agentConfig}`];
}

/** The agent's environment without its own variables (the nodes have no use for them). */
export function nodeEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("AGENT_")));
}
