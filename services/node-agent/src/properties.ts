import { SENSITIVE_CONFIG_NAME } from "@kcp/shared";

/** server.properties as Kafka reads it: one `key=value` a line, keys sorted so the file is stable. */
export function renderProperties(properties: Record<string, string>): string {
  const lines = Object.keys(properties)
    .sort()
    .map((key) => `${escapeKey(key)}=${escapeValue(properties[key] as string)}`);
  return `# Written by the kcp node agent; change it through PATCH /v1/nodes/{id}/config.\n${lines.join("\n")}\n`;
}

/** java.util.Properties escaping of what our keys and values can hold (no line breaks: the schema refuses them). */
const escapeKey = (key: string) => key.replace(/\\/g, "\\\\").replace(/([=: #!])/g, "\\$1");
const escapeValue = (value: string) => value.replace(/\\/g, "\\\\").replace(/^([ #!])/, "\\$1");

/** A .properties file's simple `key=value` lines (what meta.properties holds). */
export function parseSimpleProperties(text: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith("!")) continue;
    const at = line.indexOf("=");
    if (at < 0) continue;
    result[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return result;
}

/** The configuration as answered: values of secret-looking keys (passwords, JAAS configs) are never echoed. */
export function redactConfig(properties: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(properties).map(([key, value]) => [key, SENSITIVE_CONFIG_NAME.test(key) ? "[redacted]" : value]),
  );
}

/** The data folders of a node: `log.dirs` (or `log.dir`) and `metadata.log.dir`. */
export function dataDirs(properties: Record<string, string>): string[] {
  const logDirs = (properties["log.dirs"] ?? properties["log.dir"] ?? "")
    .split(",")
    .map((d) => d.trim())
    .filter((d) => d !== "");
  const metadata = properties["metadata.log.dir"]?.trim();
  return [...new Set(metadata ? [...logDirs, metadata] : logDirs)];
}
