import { aptInstall, onPath, systemInstallAllowed } from "../common/index.js";

/** `redis-server` from PATH, installed from Debian's packages first where that is allowed (see systemInstallAllowed). */
export async function ensureRedisServer(): Promise<string> {
  if (await onPath("redis-server")) return "redis-server";
  if (!systemInstallAllowed()) {
    throw new Error(
      "redis-server is not installed: install it (Debian: apt-get install redis-server), " +
        "or run the tests as root with apt-get, or set KCP_ALLOW_APT=1, to let the test harness install it",
    );
  }
  await aptInstall(["redis-server"]);
  return "redis-server";
}
