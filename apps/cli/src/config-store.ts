import { randomBytes } from "node:crypto";
import { chmod, mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { basename, dirname, join } from "node:path";

/** What `kcp login` keeps for one service: where it is and the session token (never printed). */
export interface StoredLogin {
  url: string;
  token?: string;
  username?: string;
}

/** The config file: named contexts, one a service (and who is logged in to it), and the one in use. */
export interface StoredConfig {
  currentContext: string;
  contexts: Record<string, StoredLogin>;
}

/** The context a file of the first format (one login, no contexts) becomes. */
export const DEFAULT_CONTEXT = "default";

/** $KCP_CONFIG, else $XDG_CONFIG_HOME/kcp/config.json, else ~/.config/kcp/config.json. */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.KCP_CONFIG) return env.KCP_CONFIG;
  return join(env.XDG_CONFIG_HOME || join(homedir(), ".config"), "kcp", "config.json");
}

const isLogin = (value: unknown): value is StoredLogin =>
  typeof value === "object" && value !== null && typeof (value as { url?: unknown }).url === "string";

/**
 * Pure: a file's JSON as contexts. The first format (`{url, token, username}`, one login) reads as the context
 * "default"; anything unreadable as no context at all.
 */
export function parseConfig(value: unknown): StoredConfig {
  const empty: StoredConfig = { currentContext: DEFAULT_CONTEXT, contexts: {} };
  if (typeof value !== "object" || value === null) return empty;
  const record = value as { currentContext?: unknown; contexts?: unknown };
  if (typeof record.contexts === "object" && record.contexts !== null) {
    const contexts = Object.fromEntries(
      Object.entries(record.contexts as Record<string, unknown>).filter((entry): entry is [string, StoredLogin] =>
        isLogin(entry[1]),
      ),
    );
    const currentContext = typeof record.currentContext === "string" ? record.currentContext : DEFAULT_CONTEXT;
    return { currentContext, contexts };
  }
  if (isLogin(value)) return { currentContext: DEFAULT_CONTEXT, contexts: { [DEFAULT_CONTEXT]: value } };
  return empty;
}

export async function readConfig(path: string): Promise<StoredConfig> {
  try {
    return parseConfig(JSON.parse(await readFile(path, "utf8")) as unknown);
  } catch {
    return parseConfig(undefined);
  }
}

/**
 * Written readable by the user alone (0600, in a 0700 folder): it holds tokens. kcp's own folder
 * (`$XDG_CONFIG_HOME/kcp` or `~/.config/kcp`) is made 0700 when it exists with wider bits; a folder named through
 * $KCP_CONFIG is the user's choice (it may be shared, like /tmp) and only made 0700 when kcp creates it. The file is
 * written whole to a new 0600 file beside it, then renamed over the old one: the token is never in a file others may
 * read, not even for a moment. A config without any context is removed instead (logging out of the last service
 * leaves no file behind).
 */
export async function saveConfig(
  path: string,
  config: StoredConfig,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  if (Object.keys(config.contexts).length === 0) {
    await rm(path, { force: true });
    return;
  }
  const folder = dirname(path);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  if (!env.KCP_CONFIG && ((await stat(folder)).mode & 0o077) !== 0) await chmod(folder, 0o700);
  const temporary = join(folder, `.${basename(path)}.${process.pid}.${randomBytes(4).toString("hex")}`);
  try {
    await writeFile(temporary, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600, flag: "wx" });
    await chmod(temporary, 0o600);
    await rename(temporary, path);
  } finally {
    await rm(temporary, { force: true });
  }
}

/** Pure: the contexts for people and scripts, tokens left out (only whether one is kept). */
export function describeContexts(config: StoredConfig) {
  return Object.entries(config.contexts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, login]) => ({
      name,
      current: name === config.currentContext,
      url: login.url,
      username: login.username ?? null,
      loggedIn: Boolean(login.token),
    }));
}
