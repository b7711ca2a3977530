/**
 * The attackers of bench/login-flood, in their own process: `flood.ts <url> <attackers>` keeps that many logins in
 * flight from 127.0.0.1, each with a random username and a 1,024-character password, the next as soon as one is
 * answered. On SIGTERM it prints the answers counted by status as one JSON line and exits.
 */
import { randomBytes } from "node:crypto";
import { request } from "node:http";

const [url, attackers] = process.argv.slice(2);
const counts: Record<number, number> = {};
let stopping = false;

function attempt(): Promise<number> {
  const payload = JSON.stringify({
    username: `random-${randomBytes(6).toString("hex")}`,
    password: randomBytes(768).toString("base64"),
  });
  return new Promise((resolve) => {
    const req = request(
      `${url}/api/v1/auth/login`,
      {
        method: "POST",
        localAddress: "127.0.0.1",
        agent: false,
        headers: { "content-type": "application/json", "x-service-request": "1", "content-length": payload.length },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", () => resolve(0));
    req.end(payload);
  });
}

async function attacker(): Promise<void> {
  while (!stopping) {
    const status = await attempt();
    counts[status] = (counts[status] ?? 0) + 1;
  }
}

process.on("SIGTERM", () => {
  stopping = true;
  process.stdout.write(`${JSON.stringify(counts)}\n`);
  process.exit(0);
});
for (let i = 0; i < Number(attackers); i++) void attacker();
