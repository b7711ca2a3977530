import { readFile } from "node:fs/promises";
import { z } from "zod";
import { CLAIM_PATH } from "../identity/federation.js";
import { providerListSchema } from "./provider-list.js";

/**
 * Single sign-on with OpenID Connect: the providers' file, the service's public address the providers send users back
 * to, and how long one call to a provider may take. Without OIDC_PROVIDERS_FILE there is no OpenID sign-in.
 */
export const oidcSection = z
  .object({
    /** A JSON file listing the OpenID providers (docs/identity.md, "Single sign-on with OpenID Connect"). */
    OIDC_PROVIDERS_FILE: z.string().min(1).optional(),
    /**
     * The service's address as users' browsers reach it (`https://kafka.example.com`): each provider's redirect URI is
     * `<this>/api/v1/auth/sso/<id>/callback`, never made from a request's Host header. Required with providers.
     */
    OIDC_REDIRECT_BASE_URL: z
      .url({ protocol: /^https?$/ })
      .refine((u) => !/[?#]/.test(u), "must not have a query or fragment")
      .transform((u) => u.replace(/\/+$/, ""))
      .optional(),
    /**
     * The most one call to a provider may take (discovery, JWKS, code exchange, refresh, userinfo): past it the
     * sign-in fails with 502 sso_failed, and other requests are not held up.
     */
    OIDC_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  })
  .refine((c) => c.OIDC_PROVIDERS_FILE === undefined || c.OIDC_REDIRECT_BASE_URL !== undefined, {
    path: ["OIDC_REDIRECT_BASE_URL"],
    message: "is required with OIDC_PROVIDERS_FILE",
  });
export type OidcConfig = z.infer<typeof oidcSection>;

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

/** One OpenID provider users sign in through. */
export const OidcProviderSchema = z
  .object({
    /** The provider's id: the `source` of its users and the prefix of its groups (`<id>:<group>`). */
    id: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, "must be 1 to 32 lower-case letters, digits and -, from a letter"),
    /** What the console's "Sign in with …" button shows. */
    name: z.string().min(1).max(100),
    /** The issuer: its discovery document is `<issuer>/.well-known/openid-configuration`, read from it only. */
    issuer: z.url({ protocol: /^https?$/ }),
    clientId: z.string().min(1).max(256),
    /** A file holding the client secret (client_secret_basic); absent: a public client, PKCE alone. */
    clientSecretFile: z.string().min(1).optional(),
    /** The scopes asked for; `openid` is added when missing. */
    scopes: z
      .array(z.string().regex(/^[\x21\x23-\x5B\x5D-\x7E]{1,128}$/, "must be a scope token"))
      .max(32)
      .default(["openid", "profile", "email"]),
    /** Where the ID token (or userinfo) carries the groups: a dotted path, e.g. `groups` or `realm_access.roles`. */
    groupsClaim: z.string().regex(CLAIM_PATH, "must be claim names separated by dots").default("groups"),
    /**
     * How often a session's groups are read again from the provider (by its refresh token, or userinfo without one);
     * 60 s to 1 h, 15 min by default.
     */
    refreshSeconds: z.number().int().min(60).max(3600).default(900),
    /** Plain HTTP to the issuer: only for a provider on this machine (loopback), and only when written so. */
    allowHttp: z.boolean().optional(),
  })
  .strict()
  .superRefine((p, ctx) => {
    const url = new URL(p.issuer);
    if (url.protocol === "http:" && (p.allowHttp !== true || !LOOPBACK_HOSTS.has(url.hostname))) {
      ctx.addIssue({
        code: "custom",
        path: ["issuer"],
        message: "must be https:// (plain http only for a loopback issuer with allowHttp: true)",
      });
    }
    if (url.search || url.hash) ctx.addIssue({ code: "custom", path: ["issuer"], message: "must not have a query" });
  })
  .transform((p) => ({ ...p, scopes: p.scopes.includes("openid") ? p.scopes : ["openid", ...p.scopes] }));
export type OidcProviderSpec = z.infer<typeof OidcProviderSchema>;

export const OidcProvidersFileSchema = providerListSchema(OidcProviderSchema);

/** A provider as the gateway uses it: its file's fields with the client secret's file read. */
export interface OidcProvider extends OidcProviderSpec {
  /** The client secret of clientSecretFile: never shown, logged nor kept anywhere else. */
  clientSecret?: string;
}

/**
 * Pure: the providers of an OpenID providers file's text, or an Error naming each problem by its place in the file
 * (never echoing a value).
 */
export function parseOidcProviders(text: string, file = "OIDC_PROVIDERS_FILE"): OidcProviderSpec[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${file}: not JSON`);
  }
  const parsed = OidcProvidersFileSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `  - ${i.path.join(".") || "(file)"}: ${i.message}`);
  throw new Error(`${file}: invalid OpenID providers:\n${problems.join("\n")}`);
}

/**
 * The OpenID providers of OIDC_PROVIDERS_FILE (none without it), each with its client secret's file read (trailing
 * line breaks dropped): a provider that cannot work refuses the start rather than every sign-in.
 */
export async function loadOidcProviders(config: OidcConfig): Promise<OidcProvider[]> {
  const path = config.OIDC_PROVIDERS_FILE;
  if (path === undefined) return [];
  const text = await readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new Error(`OIDC_PROVIDERS_FILE ${path} cannot be read: ${error.code ?? "error"}`);
  });
  const specs = parseOidcProviders(text, `OIDC_PROVIDERS_FILE ${path}`);
  return Promise.all(
    specs.map(async (spec) => {
      if (spec.clientSecretFile === undefined) return spec;
      const secret = await readFile(spec.clientSecretFile, "utf8").catch((error: NodeJS.ErrnoException) => {
        throw new Error(
          `clientSecretFile of ${spec.id} (${spec.clientSecretFile}) cannot be read: ${error.code ?? "error"}`,
        );
      });
      const clientSecret = secret.replace(/[\r\n]+$/, "");
      if (clientSecret.length === 0) throw new Error(`clientSecretFile of ${spec.id} is empty`);
      return { ...spec, clientSecret };
    }),
  );
}
