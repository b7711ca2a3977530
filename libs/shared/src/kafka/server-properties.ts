import { SENSITIVE_CONFIG_NAME } from "../logging/index.js";

/** What a provider answers in place of a secret value of a node's configuration. */
export const REDACTED_VALUE = "[redacted]";

/**
 * server.properties as Kafka reads it: one `key=value` a line, keys sorted so the file is stable, under a comment
 * saying who wrote it and how to change it.
 */
export function renderServerProperties(properties: Record<string, string>, header: string): string {
  const lines = Object.keys(properties)
    .sort()
    .map((key) => `${escapeKey(key)}=${escapeValue(properties[key] as string)}`);
  return `# ${header}\n${lines.join("\n")}\n`;
}

/** java.util.Properties escaping of what our keys and values can hold (no line breaks: the schemas refuse them). */
const escapeKey = (key: string) => key.replace(/\\/g, "\\\\").replace(/([=: #!])/g, "\\$1");
const escapeValue = (value: string) => value.replace(/\\/g, "\\\\").replace(/^([ #!])/, "\\$1");
const unescapeText = (text: string) => text.replace(/\\(.)/g, "$1");

/** A .properties file as renderProperties writes it (and meta.properties): `key=value` lines, escapes undone. */
export function parseProperties(text: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith("!")) continue;
    const at = /(?<!\\)=/.exec(line)?.index ?? -1;
    if (at < 0) continue;
    result[unescapeText(line.slice(0, at).trim())] = unescapeText(line.slice(at + 1).trim());
  }
  return result;
}

/** The configuration as answered: values of secret-looking keys (passwords, JAAS configs) are never echoed. */
export function redactConfig(properties: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(properties).map(([key, value]) => [key, SENSITIVE_CONFIG_NAME.test(key) ? REDACTED_VALUE : value]),
  );
}
