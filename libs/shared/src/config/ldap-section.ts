import { readFileSync } from "node:fs";
import { z } from "zod";
import { IDENTITY_PROVIDER_ID } from "../schemas/ldap-login.js";
import { providerListSchema } from "./provider-list.js";

/**
 * LDAP and Active Directory login: the providers' file and how long one login may wait for its server. Without
 * LDAP_PROVIDERS_FILE there is no LDAP login.
 */
export const ldapSection = z.object({
  /** A JSON file listing the LDAP providers (docs/identity.md, "LDAP and Active Directory"). */
  LDAP_PROVIDERS_FILE: z.string().min(1).optional(),
  /**
   * The most one LDAP login waits for its server, every step together (connect, StartTLS, binds, searches): past it
   * the login fails with 502 sso_unavailable and its connection is closed.
   */
  LDAP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
});
export type LdapConfig = z.infer<typeof ldapSection>;

const filterTemplate = (placeholders: string) =>
  z
    .string()
    .min(2)
    .max(1024)
    .refine((f) => f.startsWith("(") && f.endsWith(")"), "must be an LDAP filter in parentheses")
    .describe(`an LDAP filter in which ${placeholders} stand for values escaped as RFC 4515 says`);

const dn = z.string().min(1).max(1024);

/** A bind as the user at a DN made from the username (escaped as RFC 4514 says): `uid={username},ou=people,…`. */
const DirectBindSchema = z
  .object({
    mode: z.literal("direct"),
    dnTemplate: dn.refine((t) => t.includes("{username}"), "must contain {username}"),
  })
  .strict();

/**
 * Search-then-bind: a service account (its password in a file) finds the user's entry under `userBase` with
 * `userFilter`; the login then binds as that entry. Exactly one entry must match.
 */
const SearchBindSchema = z
  .object({
    mode: z.literal("search"),
    bindDn: dn,
    bindPasswordFile: z.string().min(1),
    userBase: dn,
    userFilter: filterTemplate("{username}").refine((f) => f.includes("{username}"), "must contain {username}"),
  })
  .strict();

/** How a user's groups are found: a search under `base` with `filter`, each match named by `nameAttribute`. */
const LdapGroupsSchema = z
  .object({
    base: dn,
    /** `{dn}`: the user's DN; `{username}`: the name typed. Default: groupOfNames whose member is the user. */
    filter: filterTemplate("{dn} and {username}").default("(&(objectClass=groupOfNames)(member={dn}))"),
    nameAttribute: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9-]{0,63}$/)
      .default("cn"),
    /**
     * Also the groups the user is in through other groups: on Active Directory by its transitive matching rule
     * (1.2.840.113556.1.4.1941), elsewhere by searching again for the groups of each group found (up to 8 levels).
     */
    nested: z.boolean().default(false),
  })
  .strict();

/** One LDAP server or Active Directory domain users log in through. */
export const LdapProviderSchema = z
  .object({
    /** The provider's id: the `source` of its users and the prefix of its groups (`<id>:<group>`). */
    id: z.string().regex(IDENTITY_PROVIDER_ID, "must be 1 to 32 lower-case letters, digits and -, from a letter"),
    /** What the console's sign-in shows. */
    name: z.string().min(1).max(100),
    /** `ldaps://host[:port]` or `ldap://host[:port]` (then with startTls, or allowPlainLdap written). */
    url: z.string().regex(/^ldaps?:\/\/[^/?#\s@]+\/?$/, "must be ldap://host[:port] or ldaps://host[:port]"),
    startTls: z.boolean().default(false),
    /** The CA certificates (PEM) the server's certificate is checked against; default: the system's. */
    caFile: z.string().min(1).optional(),
    /** Plain LDAP without TLS, passwords in the clear: only when written so. */
    allowPlainLdap: z.boolean().optional(),
    bind: z.discriminatedUnion("mode", [DirectBindSchema, SearchBindSchema]),
    groups: LdapGroupsSchema,
  })
  .strict()
  .superRefine((p, ctx) => {
    const plain = p.url.startsWith("ldap://");
    if (plain && !p.startTls && p.allowPlainLdap !== true) {
      ctx.addIssue({
        code: "custom",
        path: ["url"],
        message:
          "plain ldap:// without StartTLS sends passwords in the clear: use ldaps:// or startTls: true, or write allowPlainLdap: true",
      });
    }
    if (!plain && p.startTls) {
      ctx.addIssue({ code: "custom", path: ["startTls"], message: "ldaps:// is TLS already: StartTLS is for ldap://" });
    }
  });
export type LdapProviderSpec = z.infer<typeof LdapProviderSchema>;

export const LdapProvidersFileSchema = providerListSchema(LdapProviderSchema);

/** A provider as the gateway uses it: its file's fields with the CA's and the service account's files read. */
export interface LdapProvider extends LdapProviderSpec {
  /** The CA certificates of caFile (absent: the system's). */
  caPem?: string;
  /** The service account's password (search-then-bind only): never shown, logged nor kept anywhere else. */
  bindPassword?: string;
}

function readNamed(what: string, path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new Error(`${what} ${path} cannot be read: ${(error as NodeJS.ErrnoException).code ?? "error"}`);
  }
}

/**
 * Pure: the providers of an LDAP providers file's text, or an Error naming each problem by its place in the file
 * (never echoing a value).
 */
export function parseLdapProviders(text: string, file = "LDAP_PROVIDERS_FILE"): LdapProviderSpec[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${file}: not JSON`);
  }
  const parsed = LdapProvidersFileSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `  - ${i.path.join(".") || "(file)"}: ${i.message}`);
  throw new Error(`${file}: invalid LDAP providers:\n${problems.join("\n")}`);
}

/**
 * The LDAP providers of LDAP_PROVIDERS_FILE (none without it), each with its CA file and its service account's
 * password file read: a provider that cannot work refuses the start rather than every login. Read once, at the
 * start, before the gateway serves (a few small files).
 */
export function loadLdapProviders(config: Pick<LdapConfig, "LDAP_PROVIDERS_FILE">): LdapProvider[] {
  const path = config.LDAP_PROVIDERS_FILE;
  if (path === undefined) return [];
  const specs = parseLdapProviders(readNamed("LDAP_PROVIDERS_FILE", path), `LDAP_PROVIDERS_FILE ${path}`);
  return specs.map((spec): LdapProvider => {
    const caPem = spec.caFile ? readNamed(`LDAP provider ${spec.id}: caFile`, spec.caFile) : undefined;
    const bindPassword =
      spec.bind.mode === "search"
        ? // The file's last line break is not part of the password; spaces are.
          readNamed(`LDAP provider ${spec.id}: bindPasswordFile`, spec.bind.bindPasswordFile).replace(/\r?\n$/, "")
        : undefined;
    if (bindPassword === "") throw new Error(`LDAP provider ${spec.id}: bindPasswordFile is empty`);
    return { ...spec, ...(caPem ? { caPem } : {}), ...(bindPassword ? { bindPassword } : {}) };
  });
}

/**
 * A provider's id is the source of its users (`<id>:<name>`) and groups (`<id>:<group>`): an LDAP provider and an
 * OpenID provider of the same id would make their users one. Throws naming the shared ids.
 */
export function checkProviderIdsApart(ldap: readonly { id: string }[], oidc: readonly { id: string }[]): void {
  const shared = ldap.filter((p) => oidc.some((o) => o.id === p.id)).map((p) => p.id);
  if (shared.length > 0) {
    throw new Error(
      `LDAP_PROVIDERS_FILE and OIDC_PROVIDERS_FILE both name the provider ${shared.join(", ")}: an id is the source of its users and groups, so it must be one provider's`,
    );
  }
}
