/**
 * bench/authz login: a sign-in through a real OpenID provider (the harness's oidc-provider on loopback), timed at the
 * service: its start (the redirect to the provider, with PKCE, state and nonce kept) and its callback (the code
 * exchanged at the provider's token endpoint, the ID token checked against the JWKS, the user and its groups kept,
 * the session made). Their sum bounds the service's own time from above (the callback waits for the provider's token
 * endpoint too; target ≤ 300 ms). Beside it, in the same run: a password login of a local user, and the provider's
 * own login form (what the user waits for at the provider). Sign-ins of a user with 2 groups and of one with 10,000
 * (1,000 kept) alternate.
 *
 *   npm run bench:authz:login [-- --runs 20]
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createLogger, loadConfig } from "@kcp/shared";
import { standaloneConfigSchema, startStandalone } from "@kcp/standalone";
import { apiClient, startOidcProvider } from "@kcp/test-infra";
import { percentile, table } from "../common/report.js";

const { values } = parseArgs({ options: { runs: { type: "string", default: "20" } } });
const runs = Number(values.runs);
const BASE = "http://kcp.bench";
const SECRET = "bench-client-secret-0123456789abcdef";

const dir = await mkdtemp(join(tmpdir(), "kcp-bench-login-"));
const idp = await startOidcProvider({
  clients: [{ clientId: "kcp", clientSecret: SECRET, redirectUris: [`${BASE}/api/v1/auth/sso/corp/callback`] }],
});
let stop: (() => Promise<void>) | undefined;
try {
  await writeFile(join(dir, "secret"), `${SECRET}\n`, { mode: 0o600 });
  await writeFile(
    join(dir, "providers.json"),
    JSON.stringify([
      {
        id: "corp",
        name: "Corp",
        issuer: idp.issuer,
        allowHttp: true,
        clientId: "kcp",
        clientSecretFile: join(dir, "secret"),
        scopes: ["openid", "profile", "groups"],
        groupsClaim: "groups",
      },
    ]),
  );
  const admin = { username: "admin", password: "bench-login-admin-password" };
  const config = loadConfig(standaloneConfigSchema, {
    PORT: "0",
    DATA_DIR: dir,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    OIDC_PROVIDERS_FILE: join(dir, "providers.json"),
    OIDC_REDIRECT_BASE_URL: BASE,
    LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: "100000",
  });
  const service = await startStandalone(config, createLogger({ name: "bench-login", level: "silent" }));
  stop = async () => {
    for (const component of service.components) await component.stop();
  };
  const url = (path: string) => `${service.gateway.url}${path}`;
  const api = apiClient(service.gateway.url);

  const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
    const started = performance.now();
    const value = await work();
    return [value, performance.now() - started];
  };
  const stateCookie = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((line) => line.split(";", 1)[0] ?? "")
      .find((pair) => pair.startsWith("service_sso_state="));

  async function signIn(account: string) {
    const [started, startMs] = await timed(() => fetch(url("/api/v1/auth/sso/corp/start"), { redirect: "manual" }));
    const cookie = stateCookie(started) ?? "";
    const [callback, providerMs] = await timed(() => idp.signIn(started.headers.get("location") ?? "", account));
    const [landed, callbackMs] = await timed(() =>
      fetch(url(`${callback.pathname}${callback.search}`), { redirect: "manual", headers: { cookie } }),
    );
    if (landed.status !== 302 || !landed.headers.getSetCookie().some((c) => c.startsWith("service_session=")))
      throw new Error(`sign-in of ${account}: ${landed.status} ${await landed.text()}`);
    return { ours: startMs + callbackMs, startMs, callbackMs, providerMs };
  }

  const samples: Record<string, number[]> = { alice: [], carol: [], start: [], provider: [], password: [] };
  for (let i = 0; i < 3; i++) await signIn("alice");
  for (let i = 0; i < runs; i++) {
    for (const account of i % 2 === 0 ? ["alice", "carol"] : ["carol", "alice"]) {
      const figures = await signIn(account);
      samples[account]?.push(figures.ours);
      samples.start?.push(figures.startMs);
      samples.provider?.push(figures.providerMs);
    }
    const [reply, passwordMs] = await timed(() => api("POST", "/api/v1/auth/login", { body: admin }));
    if (reply.status !== 200) throw new Error(`password login: ${reply.status}`);
    samples.password?.push(passwordMs);
  }
  const figures = (xs: number[] = []) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return `median ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms`;
  };
  table(
    `bench:authz:login — ${new Date().toISOString()}, ${cpus().length} × ${cpus()[0]?.model ?? "?"}, Node ${process.version}; ${runs} sign-ins of each user`,
    [
      ["the service's start + callback, a user with 2 groups (target ≤ 300 ms)", figures(samples.alice)],
      ["the same, a user with 10,000 groups (1,000 kept)", figures(samples.carol)],
      ["  of which the start alone", figures(samples.start)],
      ["reference: a local user's password login", figures(samples.password)],
      ["reference: the provider's own login form", figures(samples.provider)],
    ],
  );
} finally {
  await stop?.();
  await idp.stop();
  await rm(dir, { recursive: true, force: true });
}
