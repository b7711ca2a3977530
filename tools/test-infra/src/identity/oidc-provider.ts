import { generateKeyPairSync, randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type Component,
  freePort,
  type ManagedProcess,
  makeRunDir,
  repoRoot,
  startProcess,
  waitFor,
} from "../common/index.js";
import type { OidcServerConfig, OidcTestAccount, OidcTestClient, TamperMode } from "./oidc-config.js";

const here = dirname(fileURLToPath(import.meta.url));

/** The password of every default test account. */
export const TEST_OIDC_PASSWORD = "correct horse battery staple";

/**
 * The default accounts: `alice` with a flat `groups` claim, `bob` with Keycloak's nested `realm_access.roles`, `carol`
 * with a `groups` claim of 10,000 entries.
 */
export function defaultOidcAccounts(): OidcTestAccount[] {
  return [
    {
      id: "alice",
      password: TEST_OIDC_PASSWORD,
      claims: { preferred_username: "alice", name: "Alice", groups: ["payments-team", "developers"] },
    },
    {
      id: "bob",
      password: TEST_OIDC_PASSWORD,
      claims: {
        preferred_username: "bob",
        realm_access: { roles: ["kafka-operators", "offline_access"] },
        resource_access: { "kcp-console": { roles: ["console-admin"] } },
      },
    },
    {
      id: "carol",
      password: TEST_OIDC_PASSWORD,
      claims: { preferred_username: "carol", groups: Array.from({ length: 10_000 }, (_, i) => `team-${i}`) },
    },
  ];
}

export interface OidcProviderOptions {
  clients: OidcTestClient[];
  /** Default: defaultOidcAccounts(). */
  accounts?: OidcTestAccount[];
  accessTokenSeconds?: number;
}

export interface OidcTestProvider extends Component {
  /** `http://127.0.0.1:<port>`: the issuer and the base of every endpoint. */
  readonly issuer: string;
  readonly port: number;
  readonly logFile: string;
  /** Replaces an account's claims (its groups …): what its next token, refresh or userinfo says. */
  setClaims(accountId: string, claims: Record<string, unknown>): Promise<void>;
  /** How the token endpoint changes the ID tokens it gives from now on ("none": not at all). */
  tamper(mode: TamperMode): Promise<void>;
  /**
   * Walks the provider's sign-in from an authorization URL with plain HTTP (fetch and a cookie jar), posting the login
   * form as `username`; returns the URL the provider finally redirects to (the relying party's redirect URI with
   * `code` and `state`, or `error`).
   */
  signIn(authorizationUrl: string, username: string, password?: string): Promise<URL>;
  /** SIGSTOP: the provider keeps its port (the kernel still accepts connections) but answers nothing. */
  freeze(): void;
  /** SIGCONT after freeze. */
  thaw(): void;
}

/**
 * A real OpenID provider (panva's oidc-provider, OpenID Certified) in a Node.js process of its own on a loopback port,
 * with the given clients and the test accounts; it takes its lease of the machine's budget like every server.
 */
export async function startOidcProvider(options: OidcProviderOptions): Promise<OidcTestProvider> {
  const dir = await makeRunDir("oidc-provider");
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: "jwk" }), kid: randomUUID(), alg: "RS256", use: "sig" };
  const config: OidcServerConfig = {
    issuer,
    port,
    signingKey,
    clients: options.clients,
    accounts: options.accounts ?? defaultOidcAccounts(),
    ...(options.accessTokenSeconds === undefined ? {} : { accessTokenSeconds: options.accessTokenSeconds }),
  };
  const configFile = join(dir, "config.json");
  await writeFile(configFile, JSON.stringify(config), { mode: 0o600 });
  const logFile = join(dir, "oidc-provider.log");
  const server: ManagedProcess = await startProcess({
    command: process.execPath,
    args: ["--conditions=source", "--import", "tsx", join(here, "oidc-server-main.ts")],
    cwd: repoRoot,
    env: { ...process.env, KCP_OIDC_CONFIG: configFile, NODE_ENV: "test" },
    logFile,
    budget: { kind: "oidc-provider", what: `oidc-provider on port ${port}` },
  });
  await waitFor(`oidc-provider on port ${port}`, async () => {
    if (server.hasExited()) throw new Error(`oidc-provider exited; see ${logFile}`);
    const answer = await fetch(`${issuer}/.well-known/openid-configuration`).catch(() => undefined);
    return answer?.ok ? true : undefined;
  });
  await server.up();

  const post = async (path: string, body: unknown) => {
    const answer = await fetch(`${issuer}${path}`, { method: "POST", body: JSON.stringify(body) });
    if (!answer.ok) throw new Error(`oidc-provider ${path}: ${answer.status} ${await answer.text()}`);
  };

  return {
    issuer,
    port,
    logFile,
    setClaims: (accountId, claims) => post(`/test/accounts/${encodeURIComponent(accountId)}`, { claims }),
    tamper: (mode) => post("/test/tamper", { mode }),
    async signIn(authorizationUrl, username, password = TEST_OIDC_PASSWORD) {
      const jar = new Map<string, string>();
      const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
      const remember = (answer: Response) => {
        for (const line of answer.headers.getSetCookie()) {
          const [pair = ""] = line.split(";");
          const at = pair.indexOf("=");
          if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
        }
      };
      let url = new URL(authorizationUrl);
      let init: RequestInit = { method: "GET" };
      for (let step = 0; step < 10; step++) {
        if (url.origin !== issuer) return url;
        const answer = await fetch(url, {
          ...init,
          redirect: "manual",
          headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() },
        });
        remember(answer);
        const location = answer.headers.get("location");
        if (location) {
          url = new URL(location, url);
          init = { method: "GET" };
          continue;
        }
        const page = await answer.text();
        const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
        if (answer.status !== 200 || !action || page.includes('role="alert"')) {
          throw new Error(`oidc-provider sign-in of ${username} stopped at ${url.pathname}: ${answer.status}`);
        }
        url = new URL(action, url);
        init = {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ username, password }).toString(),
        };
      }
      throw new Error(`oidc-provider sign-in of ${username}: too many redirects`);
    },
    freeze: () => process.kill(server.pid, "SIGSTOP"),
    thaw: () => process.kill(server.pid, "SIGCONT"),
    stop: async () => {
      if (!server.hasExited()) process.kill(server.pid, "SIGCONT");
      await server.stop(10_000);
    },
  };
}
