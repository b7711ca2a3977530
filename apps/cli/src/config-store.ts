import { chmod, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, join } from "node:path";

/** What `kcp login` keeps: where the service is and the session token (never printed). */
export interface StoredLogin {
  url: string;
  token: string;
  username: string;
}

/** $KCP_CONFIG, else $XDG_CONFIG_HOME/kcp/config.json, else ~/.config/kcp/config.json. */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.KCP_CONFIG) return env.KCP_CONFIG;
  return join(env.XDG_CONFIG_HOME || join(homedir(), ".config"), "kcp", "config.json");
}

export async function readLogin(path: string): Promise<StoredLogin | undefined> {
  try {
    return JSON.parse(await readFile(path, "utf8")) as StoredLogin;
  } catch {
    return undefined;
  }
}

/** Written readable by the user alone (0600, in a 0700 folder): it holds a token. */
export async function saveLogin(path: string, login: StoredLogin): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFile(path, `${JSON.stringify(login, null, 2)}\n`, { mode: 0o600 });
  await chmod(path, 0o600);
}

export async function forgetLogin(path: string): Promise<void> {
  await rm(path, { force: true });
}
