import { parseProperties, redactConfig, renderServerProperties } from "@kcp/shared";

/** server.properties as the agent writes it. */
export const renderProperties = (properties: Record<string, string>) =>
  renderServerProperties(properties, "Written by the kcp node agent; change it through PATCH /v1/nodes/{id}/config.");

export { parseProperties as parseSimpleProperties, redactConfig };

/** The data folders of a node: `log.dirs` (or `log.dir`) and `metadata.log.dir`. */
export function dataDirs(properties: Record<string, string>): string[] {
  const logDirs = (properties["log.dirs"] ?? properties["log.dir"] ?? "")
    .split(",")
    .map((d) => d.trim())
    .filter((d) => d !== "");
  const metadata = properties["metadata.log.dir"]?.trim();
  return [...new Set(metadata ? [...logDirs, metadata] : logDirs)];
}
