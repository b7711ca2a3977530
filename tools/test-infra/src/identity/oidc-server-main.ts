/**
 * The test OpenID provider's process: panva's oidc-provider (OpenID Certified) on a loopback port, its accounts,
 * clients and signing key from the JSON file named by KCP_OIDC_CONFIG (written by oidc-provider.ts). Its login page is
 * a plain HTML form (username, password) a test can post with fetch or fill in Chromium; consent is given at once for
 * the test's clients. Test-only control routes under /test/ change an account's claims and tamper with the ID tokens
 * the token endpoint gives (to prove the relying party refuses them).
 */
import { createPrivateKey, createSign, generateKeyPairSync, type JsonWebKey } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import Provider, { type KoaContextWithOIDC } from "oidc-provider";
import type { OidcServerConfig, TamperMode } from "./oidc-config.js";

const config = JSON.parse(readFileSync(process.env.KCP_OIDC_CONFIG ?? "", "utf8")) as OidcServerConfig;
const accounts = new Map(config.accounts.map((account) => [account.id, account]));
let tamper: TamperMode = "none";

const htmlText = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const provider = new Provider(config.issuer, {
  clients: config.clients.map((client) => ({
    client_id: client.clientId,
    ...(client.clientSecret
      ? { client_secret: client.clientSecret, token_endpoint_auth_method: "client_secret_basic" as const }
      : { token_endpoint_auth_method: "none" as const }),
    redirect_uris: client.redirectUris,
    post_logout_redirect_uris: client.postLogoutRedirectUris ?? [],
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
  })),
  jwks: { keys: [config.signingKey as never] },
  cookies: { keys: ["kcp-test-oidc-cookie-key"] },
  claims: {
    openid: ["sub"],
    profile: ["name", "preferred_username"],
    email: ["email"],
    groups: ["groups", "realm_access", "resource_access"],
  },
  scopes: ["openid", "offline_access", "profile", "email", "groups"],
  // The groups in the ID token itself, as Keycloak and Entra put them, not only in userinfo.
  conformIdTokenClaims: false,
  features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  // A refresh token for every code of a client allowed the grant, offline_access asked for or not.
  issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
  ttl: {
    AccessToken: config.accessTokenSeconds ?? 3600,
    IdToken: 3600,
    RefreshToken: 86_400,
    Session: 86_400,
    Grant: 86_400,
    Interaction: 600,
    AuthorizationCode: 60,
  },
  async findAccount(_ctx, id) {
    const account = accounts.get(id);
    if (!account) return undefined;
    return { accountId: id, claims: async () => ({ sub: id, ...account.claims }) };
  },
  // The test's clients are the provider's own: every scope they ask for is granted without a consent page.
  async loadExistingGrant(ctx: KoaContextWithOIDC) {
    const client = ctx.oidc.client;
    const session = ctx.oidc.session;
    if (!client || !session?.accountId) return undefined;
    const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
    if (grantId) {
      const found = await ctx.oidc.provider.Grant.find(grantId);
      if (found) return found;
    }
    const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
    grant.addOIDCScope("openid offline_access profile email groups");
    await grant.save();
    return grant;
  },
});
provider.proxy = false;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** The ID token of a token response changed as `tamper` says, re-signed where the mode keeps a signature. */
function tampered(idToken: string): string {
  const [headerPart, payloadPart] = idToken.split(".");
  const header = JSON.parse(Buffer.from(headerPart ?? "", "base64url").toString()) as Record<string, unknown>;
  const payload = JSON.parse(Buffer.from(payloadPart ?? "", "base64url").toString()) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  let key = createPrivateKey({ key: config.signingKey as JsonWebKey, format: "jwk" });
  switch (tamper) {
    case "aud":
      payload.aud = "some-other-client";
      break;
    case "iss":
      payload.iss = "https://idp.evil.example";
      break;
    case "expired":
      payload.iat = now - 7200;
      payload.exp = now - 3600;
      break;
    case "nonce":
      payload.nonce = "not-the-nonce-sent";
      break;
    case "foreign-key":
      // Signed by a key the provider's JWKS does not hold, under the kid of one it does.
      key = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
      break;
    case "alg-none":
      return `${b64({ alg: "none", typ: "JWT" })}.${b64(payload)}.`;
    case "none":
      return idToken;
  }
  const input = `${b64(header)}.${b64(payload)}`;
  const signature = createSign("RSA-SHA256").update(input).sign(key).toString("base64url");
  return `${input}.${signature}`;
}

provider.use(async (ctx, next) => {
  await next();
  const body = ctx.body as { id_token?: unknown } | undefined;
  if (ctx.path === "/token" && tamper !== "none" && body && typeof body.id_token === "string") {
    ctx.body = { ...body, id_token: tampered(body.id_token) };
  }
});

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
  res.end(body);
}

function loginPage(uid: string, clientId: string, failed: boolean): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in to the test provider</title></head>
<body><main><h1>Sign in to the test provider</h1><p>For ${htmlText(clientId)}</p>
${failed ? '<p role="alert">Wrong username or password</p>' : ""}
<form method="post" action="/interaction/${htmlText(uid)}/login">
<label>Username <input name="username" autocomplete="username" required></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">Sign in</button></form></main></body></html>`;
}

async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, action: string | undefined) {
  const details = await provider.interactionDetails(req, res);
  if (details.uid !== uid) return send(res, 400, "text/plain", "interaction mismatch");
  const clientId = String(details.params.client_id ?? "");
  if (details.prompt.name !== "login") {
    // Consent is given by loadExistingGrant; any other prompt finishes as it is.
    return provider.interactionFinished(req, res, {}, { mergeWithLastSubmission: true });
  }
  if (req.method === "GET" && action === undefined) return send(res, 200, "text/html", loginPage(uid, clientId, false));
  if (req.method === "POST" && action === "login") {
    const form = new URLSearchParams(await readBody(req));
    const account = accounts.get(form.get("username") ?? "");
    if (!account || account.password !== form.get("password")) {
      return send(res, 200, "text/html", loginPage(uid, clientId, true));
    }
    return provider.interactionFinished(
      req,
      res,
      { login: { accountId: account.id } },
      { mergeWithLastSubmission: false },
    );
  }
  return send(res, 405, "text/plain", "method not allowed");
}

async function control(req: IncomingMessage, res: ServerResponse, path: string) {
  const body = req.method === "POST" ? (JSON.parse((await readBody(req)) || "{}") as Record<string, unknown>) : {};
  const account = /^\/test\/accounts\/([^/]+)$/.exec(path);
  if (account && req.method === "POST") {
    const found = accounts.get(decodeURIComponent(account[1] ?? ""));
    if (!found) return send(res, 404, "text/plain", "no such account");
    found.claims = body.claims as Record<string, unknown>;
    return send(res, 204, "text/plain", "");
  }
  if (path === "/test/tamper" && req.method === "POST") {
    tamper = body.mode as TamperMode;
    return send(res, 204, "text/plain", "");
  }
  return send(res, 404, "text/plain", "not found");
}

const callback = provider.callback();
const server = createServer((req, res) => {
  const url = new URL(req.url ?? "/", config.issuer);
  const step = /^\/interaction\/([^/]+)(?:\/(login))?$/.exec(url.pathname);
  const handled = step
    ? interaction(req, res, step[1] ?? "", step[2])
    : url.pathname.startsWith("/test/")
      ? control(req, res, url.pathname)
      : Promise.resolve(callback(req, res));
  handled.catch((error: unknown) => {
    console.error(error);
    if (!res.headersSent) send(res, 500, "text/plain", error instanceof Error ? error.message : "error");
  });
});
server.listen(config.port, "127.0.0.1", () => console.log(`oidc-provider listening on ${config.issuer}`));
