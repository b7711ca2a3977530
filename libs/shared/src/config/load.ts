import type { z } from "zod";

/** A configuration that does not parse; `message` names every offending variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

type Env = Record<string, string | undefined>;

/** Blank variables count as unset, so `PORT=` falls back to the default instead of failing. */
function withoutBlanks(env: Env): Env {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ""));
}

export function loadConfig<S extends z.ZodType>(schema: S, env: Env = process.env): z.infer<S> {
  const result = schema.safeParse(withoutBlanks(env));
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const variable = issue.path.join(".") || "(environment)";
    // Never echo the offending value: it may be a secret (a URL with a password, a key).
    return `${variable}: ${issue.message}`;
  });
  throw new ConfigError(problems);
}
