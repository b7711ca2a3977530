import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createApiClient, unwrap } from "@kcp/api-client";
import { type Context, print, readSecret } from "../context.js";
import { checkTransport } from "../credentials.js";
import { Refused, UsageError } from "../exit-codes.js";
import { table } from "../output.js";
import type { CommandSpec } from "../spec.js";
import { keepSession } from "./session.js";

/** How long kcp login --sso waits for the browser to come back ($KCP_SSO_TIMEOUT_SECONDS to change it). */
const SSO_WAIT_SECONDS = 300;

/** The service of a login: named, and reached over a transport that may carry a password or a token. */
function loginUrl(context: Context, how: string): string {
  if (!context.url) throw new UsageError(`Which service? kcp login --url URL ${how}`);
  checkTransport(context.url, context.insecureHttp);
  return context.url;
}

/**
 * kcp login --ldap PROVIDER --username NAME: the password from $KCP_PASSWORD or standard input, as kcp login; checked
 * by the provider's directory; the session kept in the context as every login's.
 */
export async function ldapLogin(context: Context, provider: string, username: string | undefined): Promise<void> {
  if (!username)
    throw new UsageError(`kcp login --ldap ${provider} --username NAME (password on stdin or $KCP_PASSWORD)`);
  const url = loginUrl(context, `--ldap ${provider} --username NAME`);
  const password = await readSecret(context, "password", { env: "KCP_PASSWORD" });
  const session = unwrap(
    await createApiClient({ baseUrl: url }).POST("/api/v1/auth/ldap/{provider}/login", {
      params: { path: { provider } },
      body: { username, password },
    }),
  );
  await keepSession(context, session);
}

/** A PKCE verifier (RFC 7636: 32 random bytes, 43 characters) and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

const PAGE = (words: string) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>kcp login</title><p>${words}</p></html>`;

/**
 * The loopback listener of RFC 8252 §7.3: on 127.0.0.1 only, on a port the system picks; `code` resolves with the
 * first `/callback?code=…` the browser brings (any other request is answered 404 and ignored), or rejects with the
 * `error` it brings instead.
 */
async function loopbackListener() {
  let settle: { resolve(code: string): void; reject(error: Error): void } | undefined;
  const code = new Promise<string>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const given = url.searchParams.get("code");
    const error = url.searchParams.get("error");
    if (req.method !== "GET" || url.pathname !== "/callback" || (!given && !error)) {
      res.writeHead(404, { "content-type": "text/plain" }).end("Not found");
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    res.end(PAGE(given ? "Signed in: kcp has the session. You may close this window." : "The sign-in failed."));
    if (given) settle?.resolve(given);
    else settle?.reject(new Refused(`The sign-in failed: ${error?.slice(0, 200)}`));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  code.catch(() => undefined);
  return {
    port: (server.address() as AddressInfo).port,
    code,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** Opens `url` in the desktop's browser when there is one to ask (never a terminal browser); false otherwise. */
function openBrowser(url: string, env: NodeJS.ProcessEnv): boolean {
  const opener =
    process.platform === "darwin"
      ? ["open", url]
      : process.platform === "win32"
        ? ["rundll32", "url.dll,FileProtocolHandler", url]
        : env.DISPLAY || env.WAYLAND_DISPLAY
          ? ["xdg-open", url]
          : undefined;
  if (!opener) return false;
  const [command = "", ...args] = opener;
  const child = spawn(command, args, { stdio: "ignore", detached: true });
  child.on("error", () => undefined);
  child.unref();
  return true;
}

/** Rejects after `seconds` with the refusal of a sign-in that did not come back. */
function timeout(seconds: number): { expired: Promise<never>; clear(): void } {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Refused(`No sign-in came back within ${seconds} s: run kcp login --sso again`)),
      seconds * 1000,
    );
  });
  return { expired, clear: () => clearTimeout(timer) };
}

/**
 * kcp login --sso PROVIDER, by the loopback redirect (RFC 8252): kcp listens on 127.0.0.1, makes a PKCE verifier and
 * its S256 challenge, and sends the browser to the service's start with its port and the challenge; the service signs
 * the user in with the provider and sends the browser back to the listener with a one-time code, which kcp exchanges
 * with the verifier for a session of its own. The address is printed on standard error (and opened in the browser
 * unless --no-browser or $KCP_NO_BROWSER=1).
 */
export async function ssoLogin(context: Context, provider: string, options: { openBrowser: boolean }): Promise<void> {
  const url = loginUrl(context, `--sso ${provider}`);
  const { verifier, challenge } = pkcePair();
  const listener = await loopbackListener();
  const seconds = Number(context.env.KCP_SSO_TIMEOUT_SECONDS) || SSO_WAIT_SECONDS;
  const wait = timeout(seconds);
  try {
    const start = new URL(`${url}/api/v1/auth/sso/${encodeURIComponent(provider)}/start`);
    start.search = new URLSearchParams({ cli: String(listener.port), challenge }).toString();
    const opened = options.openBrowser && context.env.KCP_NO_BROWSER !== "1" && openBrowser(start.href, context.env);
    context.err(
      `${opened ? "Opened your browser to sign in; if it did not open, visit" : "To sign in, open in a browser on this machine"}:\n  ${start.href}\nWaiting up to ${seconds} s…`,
    );
    const code = await Promise.race([listener.code, wait.expired]);
    const session = unwrap(
      await createApiClient({ baseUrl: url }).POST("/api/v1/auth/sso/cli-token", { body: { code, verifier } }),
    );
    await keepSession(context, session);
  } finally {
    wait.clear();
    listener.close();
  }
}

/** kcp auth providers: the identity providers the service offers (kcp login --sso or --ldap with their id). */
async function listProviders(context: Context) {
  const { providers } = unwrap(await context.client.GET("/api/v1/auth/providers"));
  print(context, { providers }, () =>
    providers.length === 0
      ? "No identity provider: local users log in with kcp login --username NAME"
      : table(
          ["ID", "NAME", "KIND", "LOGIN"],
          providers.map((p) => [
            p.id,
            p.name,
            p.kind,
            p.kind === "oidc" ? `kcp login --sso ${p.id}` : `kcp login --ldap ${p.id} --username NAME`,
          ]),
        ),
  );
  return undefined;
}

export const ssoCommands: CommandSpec[] = [
  {
    path: ["auth", "providers"],
    positionals: [],
    options: {},
    summary: "the identity providers one can log in through (OpenID: kcp login --sso ID; LDAP: kcp login --ldap ID)",
    examples: ["kcp auth providers", "kcp auth providers --url https://kcp.example --json"],
    run: listProviders,
  },
];
