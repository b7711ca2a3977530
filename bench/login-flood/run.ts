/**
 * bench/login-flood (issue 17, item 3): how long a real user's login takes while 100 clients flood the login with random
 * usernames and 1,024-character passwords. The service runs as its own process (the standalone, as `npm start` runs
 * it); the flood comes from 127.0.0.1 and the real user from 127.0.0.2, so the per-address bounds can tell them apart.
 * Reference in the same run: the same flood against the same service with the login admission lifted (every bound
 * set out of reach), which is how every login behaved before it. Target: the real user's login under 1 s during the
 * flood.
 *
 *   npm run bench:login-flood [-- --attackers 100 --logins 5]
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { percentile, seconds, table } from "../common/report.js";

const { values } = parseArgs({
  options: {
    attackers: { type: "string", default: "100" },
    logins: { type: "string", default: "5" },
  },
});
const ATTACKERS = Number(values.attackers);
const LOGINS = Number(values.logins);
const admin = { username: "admin", password: "bench-login-flood-admin" };
const standaloneMain = fileURLToPath(new URL("../../services/standalone/src/main.ts", import.meta.url));
const floodScript = fileURLToPath(new URL("./flood.ts", import.meta.url));

interface Service {
  url: string;
  child: ChildProcess;
  dataDir: string;
}

async function startService(env: Record<string, string>): Promise<Service> {
  const dataDir = mkdtempSync(join(tmpdir(), "kcp-bench-login-"));
  const child = spawn(process.execPath, ["--conditions=source", "--import", "tsx", standaloneMain], {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      SECRET_KEY: randomBytes(32).toString("hex"),
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    const look = (chunk: Buffer) => {
      out += chunk.toString("utf8");
      const line = out.split("\n").find((l) => l.includes('"msg":"listening"'));
      if (!line) return;
      // From here on its log (a line per request) is read and dropped.
      child.stdout?.off("data", look);
      child.stdout?.resume();
      resolve((JSON.parse(line) as { url: string }).url);
    };
    child.stdout?.on("data", look);
    child.on("exit", (code) => reject(new Error(`the service exited with ${code}`)));
  });
  return { url, child, dataDir };
}

async function stopService(service: Service): Promise<void> {
  const exited = new Promise((resolve) => service.child.once("exit", resolve));
  service.child.kill("SIGTERM");
  await exited;
  rmSync(service.dataDir, { recursive: true, force: true });
}

/** One login from `localAddress`: its status and how long it took. */
function login(url: string, localAddress: string, body: unknown): Promise<{ status: number; ms: number }> {
  const payload = JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      `${url}/api/v1/auth/login`,
      {
        method: "POST",
        localAddress,
        agent: false,
        headers: { "content-type": "application/json", "x-service-request": "1", "content-length": payload.length },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(payload);
  });
}

/** The real user's logins, one after another, a little apart. */
async function realUser(url: string): Promise<{ times: number[]; failed: number }> {
  const times: number[] = [];
  let failed = 0;
  for (let i = 0; i < LOGINS; i++) {
    const result = await login(url, "127.0.0.2", admin);
    if (result.status === 200) times.push(result.ms);
    else failed++;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { times: times.sort((a, b) => a - b), failed };
}

/** The flood runs in a process of its own (as an attacker would be elsewhere): its answers by status, when stopped. */
function startFlood(url: string): { stop(): Promise<Map<number, number>> } {
  const child = spawn(
    process.execPath,
    ["--conditions=source", "--import", "tsx", floodScript, url, String(ATTACKERS)],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let out = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    out += chunk.toString("utf8");
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return {
    async stop() {
      child.kill("SIGTERM");
      await exited;
      const counts = JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as Record<string, number>;
      return new Map(Object.entries(counts).map(([status, count]) => [Number(status), count]));
    },
  };
}

interface Figures {
  alone: { times: number[]; failed: number };
  flooded: { times: number[]; failed: number };
  attackStatuses: Map<number, number>;
}

async function measure(env: Record<string, string>): Promise<Figures> {
  const service = await startService(env);
  try {
    const alone = await realUser(service.url);
    const attack = startFlood(service.url);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const flooded = await Promise.race([
      realUser(service.url),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("flood phase too long")), 300_000)),
    ]);
    const attackStatuses = await attack.stop();
    return { alone, flooded, attackStatuses };
  } finally {
    await stopService(service);
  }
}

const describeTimes = ({ times, failed }: { times: number[]; failed: number }) =>
  times.length === 0
    ? `no login succeeded (${failed} refused)`
    : `median ${seconds(percentile(times, 50))}, worst ${seconds(times.at(-1) as number)}` +
      (failed > 0 ? `, ${failed} of ${LOGINS} refused` : "");
const describeStatuses = (statuses: Map<number, number>) =>
  [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${count} × ${status === 0 ? "error" : status}`)
    .join(", ");

process.stdout.write(
  `login flood: ${ATTACKERS} attackers from 127.0.0.1 (random usernames, 1,024-character passwords); ` +
    `${LOGINS} logins of the real user from 127.0.0.2\n`,
);
const guarded = await measure({});
const lifted = await measure({
  LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: "100000",
  LOGIN_CONCURRENT_PER_ADDRESS: "1000",
  LOGIN_CONCURRENT_HASHES: "1000",
});
table("with the login admission (defaults)", [
  ["real user, no flood", describeTimes(guarded.alone)],
  ["real user, during the flood", describeTimes(guarded.flooded)],
  ["flood answers", describeStatuses(guarded.attackStatuses)],
]);
table("reference: the same service with the admission lifted (as before)", [
  ["real user, no flood", describeTimes(lifted.alone)],
  ["real user, during the flood", describeTimes(lifted.flooded)],
  ["flood answers", describeStatuses(lifted.attackStatuses)],
]);
const worst = guarded.flooded.times.at(-1);
process.stdout.write(
  `\ntarget: the real user's login under 1 s during the flood — ${
    worst !== undefined && worst < 1000 && guarded.flooded.failed === 0 ? "met" : "NOT met"
  }\n`,
);
