import { existsSync } from "node:fs";
import { aptInstall, systemInstallAllowed } from "../common/index.js";

/** Debian's Chromium, what the console's browser tests drive (through playwright-core). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH?.trim() || "/usr/bin/chromium";

/** Chromium's path, installed from Debian's packages first where that is allowed (see systemInstallAllowed). */
export async function ensureChromium(): Promise<string> {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  if (!systemInstallAllowed()) {
    throw new Error(
      `Chromium is not at ${CHROMIUM_PATH}: install it (Debian: apt-get install chromium), set CHROMIUM_PATH, ` +
        "or run the tests as root with apt-get, or set KCP_ALLOW_APT=1, to let the test harness install it",
    );
  }
  await aptInstall(["chromium"]);
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`apt-get installed chromium, but ${CHROMIUM_PATH} is missing`);
  return CHROMIUM_PATH;
}
