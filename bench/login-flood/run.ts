/**
 * bench/login-flood: how long a real user's login takes while clients flood the login with random usernames and
 * 1,024-character passwords, from many client addresses. The service runs as its own process (the standalone, as
 * `npm start` runs it); the flood's attackers are spread over `--addresses` loopback addresses (127.0.0.2 onwards,
 * bound with `localAddress`), and the real user logs in from an address of its own (127.1.0.1), first with no flood,
 * then 10 s into the flood (a flood just begun is as new to the service as the user), five times, each its first
 * attempt: no retry. References in the same run: the same flood against the same service without the fairness queue
 * (LOGIN_QUEUE_LENGTH=0: a login finding the password checks busy is refused at once, as before the queue), and with
 * the login admission lifted (every bound out of reach, as before the admission). Target: the real user's login under
 * 1 s at the first attempt during the flood, 5 of 5.
 *
 *   npm run bench:login-flood [-- --attackers 100 --addresses 100 --logins 5]
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
    addresses: { type: "string", default: "100" },
    logins: { type: "string", default: "5" },
    "warm-up": { type: "string", default: "10" },
  },
});
const ATTACKERS = Number(values.attackers);
const ADDRESSES = Math.min(Number(values.addresses), ATTACKERS);
const LOGINS = Number(values.logins);
const WARM_UP_MS = Number(values["warm-up"]) * 1000;
/** The real user's own address: no attacker's (they are 127.0.x.y). */
const REAL_USER_ADDRESS = "127.1.0.1";

/** The n-th flood address, as flood.ts numbers them: 127.0.0.2, 127.0.0.3, … */
function floodAddress(n: number): string {
  const value = 2 + n;
  return `127.${(value >> 16) & 255}.${(value >> 8) & 255}.${value & 255}`;
}
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

interface Logins {
  /** The successful logins' times, sorted. */
  times: number[];
  failed: number;
  /** Each login in order: its time, or the status that refused it. */
  each: string[];
}

/** The real user's logins, one after another, a little apart; each its first attempt (no retry). */
async function realUser(url: string): Promise<Logins> {
  const times: number[] = [];
  const each: string[] = [];
  let failed = 0;
  for (let i = 0; i < LOGINS; i++) {
    const result = await login(url, REAL_USER_ADDRESS, admin);
    if (result.status === 200) times.push(result.ms);
    else failed++;
    each.push(result.status === 200 ? seconds(result.ms) : `${result.status} after ${seconds(result.ms)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { times: times.sort((a, b) => a - b), failed, each };
}

/** The flood runs in a process of its own (as an attacker would be elsewhere): its answers by status, when stopped. */
function startFlood(url: string): { stop(): Promise<Map<number, number>> } {
  const child = spawn(
    process.execPath,
    ["--conditions=source", "--import", "tsx", floodScript, url, String(ATTACKERS), String(ADDRESSES)],
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
  alone: Logins;
  flooded: Logins;
  attackStatuses: Map<number, number>;
}

async function measure(env: Record<string, string>): Promise<Figures> {
  const service = await startService(env);
  try {
    const alone = await realUser(service.url);
    const attack = startFlood(service.url);
    await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
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

const describeTimes = ({ times, failed, each }: Logins) => {
  const summary =
    times.length === 0
      ? `no login succeeded (${failed} refused)`
      : `median ${seconds(percentile(times, 50))}, worst ${seconds(times.at(-1) as number)}` +
        (failed > 0 ? `, ${failed} of ${LOGINS} refused` : "");
  return `${summary} (${each.join(", ")})`;
};
const describeStatuses = (statuses: Map<number, number>) =>
  [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${count} × ${status === 0 ? "error" : status}`)
    .join(", ");

const lastAddress = ADDRESSES === 1 ? "" : `…${floodAddress(ADDRESSES - 1)}`;
process.stdout.write(
  `login flood: ${ATTACKERS} attackers from ${ADDRESSES} addresses (127.0.0.2${lastAddress}; random usernames, ` +
    `1,024-character passwords); ${LOGINS} logins of the real user from ${REAL_USER_ADDRESS}, ` +
    `${WARM_UP_MS / 1000} s into the flood\n`,
);
const configurations: [string, Record<string, string>][] = [
  ["with the login admission (defaults)", {}],
  ["reference: without the fairness queue (LOGIN_QUEUE_LENGTH=0, busy = 429 at once)", { LOGIN_QUEUE_LENGTH: "0" }],
  [
    "reference: the admission lifted (every bound out of reach)",
    {
      LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: "100000",
      LOGIN_CONCURRENT_PER_ADDRESS: "1000",
      LOGIN_CONCURRENT_HASHES: "1000",
    },
  ],
];
const results: Figures[] = [];
for (const [title, env] of configurations) {
  const figures = await measure(env);
  results.push(figures);
  table(title, [
    ["real user, no flood", describeTimes(figures.alone)],
    ["real user, during the flood", describeTimes(figures.flooded)],
    ["flood answers", describeStatuses(figures.attackStatuses)],
  ]);
}
const guarded = results[0] as Figures;
const worst = guarded.flooded.times.at(-1);
process.stdout.write(
  `\ntarget: the real user's login under 1 s at the first attempt during the flood, ${LOGINS} of ${LOGINS} — ${
    worst !== undefined && worst < 1000 && guarded.flooded.failed === 0 ? "met" : "NOT met"
  }\n`,
);
