import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { SecretsConfig } from "../config/sections.js";
import type { Logger } from "../logging/logger.js";
import { parseSecretKey, SecretBox } from "./secret-box.js";

export const GENERATED_KEY_FILE = "secret.key";

async function readKeyFile(path: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    throw new Error(`SECRET_KEY_FILE ${path} cannot be read: ${(error as NodeJS.ErrnoException).code ?? "error"}`);
  }
}

/** The key in `dir`, created (0600, 32 random bytes in hex) the first time: the embedded default for `npm start`. */
async function generatedKey(dir: string, logger: Logger): Promise<string> {
  const path = join(dir, GENERATED_KEY_FILE);
  const existing = await readFile(path, "utf8").catch(() => undefined);
  if (existing !== undefined) return existing;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const key = randomBytes(32).toString("hex");
  await writeFile(path, `${key}\n`, { mode: 0o600, flag: "wx" }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== "EEXIST") throw error;
  });
  logger.warn(
    { path },
    "no SECRET_KEY configured: generated one in DATA_DIR (back it up; without it stored cluster secrets cannot be opened)",
  );
  return readFile(path, "utf8");
}

/**
 * The secret box from configuration: SECRET_KEY, else SECRET_KEY_FILE, else (only where `generateIn` is given, the
 * standalone process) a key generated in that directory. Error messages never include a key.
 */
export async function loadSecretBox(
  config: SecretsConfig,
  options: { logger: Logger; generateIn?: string },
): Promise<SecretBox> {
  const text =
    config.SECRET_KEY ??
    (config.SECRET_KEY_FILE ? await readKeyFile(config.SECRET_KEY_FILE) : undefined) ??
    (options.generateIn ? await generatedKey(options.generateIn, options.logger) : undefined);
  if (text === undefined) throw new Error("SECRET_KEY or SECRET_KEY_FILE is required");
  const previous = (config.SECRET_KEYS_PREVIOUS ?? "")
    .split(",")
    .map((key) => key.trim())
    .filter((key) => key.length > 0)
    .map(parseSecretKey);
  return new SecretBox(parseSecretKey(text), previous);
}
