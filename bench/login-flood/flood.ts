/**
 * The attackers of bench/login-flood, in their own process: `flood.ts <url> <attackers> <addresses>` keeps that many
 * logins in flight, each with a random username and a 1,024-character password, the next as soon as one is answered.
 * The attackers are spread over `addresses` client addresses, 127.0.0.2 onwards (loopback: any 127.x.y.z is this
 * machine), attacker i on the (i mod addresses)-th. On SIGTERM it prints the answers counted by status as one JSON line
 * and exits.
 */
import { randomBytes } from "node:crypto";
import { request } from "node:http";

const [url, attackers, addresses = "1"] = process.argv.slice(2);

/** The n-th flood address: 127.0.0.2, 127.0.0.3, … (carrying into the third and second bytes past 255). */
function floodAddress(n: number): string {
  const value = 2 + n;
  return `127.${(value >> 16) & 255}.${(value >> 8) & 255}.${value & 255}`;
}
const counts: Record<number, number> = {};
let stopping = false;

function attempt(localAddress: string): Promise<number> {
  const payload = JSON.stringify({
    username: `random-${randomBytes(6).toString("hex")}`,
    password: randomBytes(768).toString("base64"),
  });
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
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", () => resolve(0));
    req.end(payload);
  });
}

async function attacker(localAddress: string): Promise<void> {
  while (!stopping) {
    const status = await attempt(localAddress);
    counts[status] = (counts[status] ?? 0) + 1;
  }
}

process.on("SIGTERM", () => {
  stopping = true;
  process.stdout.write(`${JSON.stringify(counts)}\n`);
  process.exit(0);
});
for (let i = 0; i < Number(attackers); i++) void attacker(floodAddress(i % Number(addresses)));
