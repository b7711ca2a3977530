import { isIP, connect as netConnect } from "node:net";
import { type ConnectionOptions, connect as tlsConnect } from "node:tls";
import type { LdapProvider } from "@kcp/shared";
import { Client, type Entry, InvalidCredentialsError, InvalidDNSyntaxError, NoSuchObjectError } from "ldapts";
import {
  AD_CAPABILITY,
  escapeDnValue,
  escapeFilterValue,
  fillTemplate,
  passwordAcceptable,
  providerGroups,
  transitiveGroupFilter,
  usernameAcceptable,
} from "./ldap-names.js";

/** Who the server says the user is: its entry and its groups (`<provider>:<name>`), or a refusal of the credentials. */
export type LdapAnswer = { kind: "authenticated"; dn: string; groups: string[] } | { kind: "refused" };

/**
 * The server could not say: it is down, slow past the deadline, its certificate is not the configured CA's, or the
 * service account's bind was refused. The message is for the log (it never holds a password).
 */
export class LdapUnavailable extends Error {
  override name = "LdapUnavailable";
}

/** The most groups a user keeps from its directory, and the most entries one group search returns. */
export const MAX_LDAP_GROUPS = 1000;
/** How deep groups in groups are followed on a server without Active Directory's transitive matching rule. */
export const MAX_NESTING_LEVELS = 8;
/** Group DNs asked about in one search while following nesting (one `(|…)` filter of this many terms at most). */
const DNS_PER_SEARCH = 100;

/** The text of an entry's attribute, whatever the case the server spells its name in (the first value of a list). */
function attributeText(entry: Entry, name: string): string | undefined {
  const key = Object.keys(entry).find((k) => k.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? undefined : entry[key];
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined) return undefined;
  return Buffer.isBuffer(first) ? first.toString("utf8") : first;
}

/**
 * A client of one login: one connection, never another. ldapts reconnects by itself when a connection drops; after a
 * StartTLS that would send the next bind's password over a new, plain connection, so a second connection is refused.
 */
function oneConnectionClient(provider: LdapProvider, timeoutMs: number): Client {
  const { hostname } = new URL(provider.url);
  const tlsOptions: ConnectionOptions = {
    ...(provider.caPem ? { ca: [provider.caPem] } : {}),
    // The certificate is checked against the configured host (an IP address is checked as one, without SNI).
    host: hostname,
    ...(isIP(hostname) ? {} : { servername: hostname }),
    minVersion: "TLSv1.2",
  };
  let connections = 0;
  const first = () => {
    connections += 1;
    if (connections > 1) throw new LdapUnavailable("the connection to the LDAP server was lost");
  };
  return new Client({
    url: provider.url,
    timeout: timeoutMs,
    connectTimeout: timeoutMs,
    // Only for ldaps:// (ldapts takes any TLS options as asking for ldaps://); StartTLS gets them at its upgrade.
    ...(provider.url.startsWith("ldaps://") ? { tlsOptions } : {}),
    createConnection: ((port: number, host: string) => {
      first();
      return netConnect(port, host);
    }) as typeof netConnect,
    createSecureConnection: ((...args: unknown[]) => {
      const [options] = args;
      // The StartTLS upgrade of the one connection (ldapts passes the plain socket in the options).
      if (typeof options === "object" && options !== null && "socket" in options) {
        return tlsConnect({ ...tlsOptions, ...(options as ConnectionOptions) });
      }
      first();
      return tlsConnect(args[0] as number, args[1] as string, tlsOptions);
    }) as typeof tlsConnect,
  });
}

const refusedCredentials = (error: unknown) =>
  error instanceof InvalidCredentialsError ||
  error instanceof NoSuchObjectError ||
  error instanceof InvalidDNSyntaxError;

/**
 * LDAP and Active Directory as the gateway asks them who a user is: a bind as the user (at a DN made from the name, or
 * at the one entry the service account finds), then the user's groups by search. Each login has its own connection
 * and a deadline for all of its steps; the server's host is the provider's configuration, never the request's.
 */
export class LdapDirectory {
  /** Whether each provider's server is Active Directory, once asked (only providers with nested groups ask). */
  private readonly activeDirectory = new Map<string, boolean>();

  constructor(private readonly timeoutMs: number) {}

  /**
   * The user's entry and groups when `password` is the user's; `refused` for a wrong password, an unknown user, a name
   * that matches no single entry, and — without asking the server — an empty password or an unusable name. Throws
   * LdapUnavailable when the server cannot answer within the deadline.
   */
  async authenticate(provider: LdapProvider, username: string, password: string): Promise<LdapAnswer> {
    // An empty password would make the bind an unauthenticated one, which many servers let succeed.
    if (!usernameAcceptable(username) || !passwordAcceptable(password)) return { kind: "refused" };
    const client = oneConnectionClient(provider, this.timeoutMs);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new LdapUnavailable(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    try {
      return await Promise.race([this.converse(client, provider, username, password), deadline]);
    } catch (error) {
      if (error instanceof LdapUnavailable) throw error;
      throw new LdapUnavailable(error instanceof Error ? error.message : String(error));
    } finally {
      clearTimeout(timer);
      void client.unbind().catch(() => {});
    }
  }

  private async converse(
    client: Client,
    provider: LdapProvider,
    username: string,
    password: string,
  ): Promise<LdapAnswer> {
    if (provider.startTls) await client.startTLS({});
    const dn = await this.userDn(client, provider, username);
    if (dn === undefined) return { kind: "refused" };
    try {
      await client.bind(dn, password);
    } catch (error) {
      if (refusedCredentials(error)) return { kind: "refused" };
      throw error;
    }
    return { kind: "authenticated", dn, groups: await this.groups(client, provider, dn, username) };
  }

  /** The DN to bind at: the template's, or the single entry the service account's search finds (else none). */
  private async userDn(client: Client, provider: LdapProvider, username: string): Promise<string | undefined> {
    const { bind } = provider;
    if (bind.mode === "direct") return fillTemplate(bind.dnTemplate, { username }, escapeDnValue);
    try {
      await client.bind(bind.bindDn, provider.bindPassword ?? "");
    } catch (error) {
      if (refusedCredentials(error)) throw new LdapUnavailable("the service account's bind was refused");
      throw error;
    }
    const { searchEntries } = await client.search(bind.userBase, {
      scope: "sub",
      filter: fillTemplate(bind.userFilter, { username }, escapeFilterValue),
      attributes: ["1.1"],
      sizeLimit: 2,
    });
    return searchEntries.length === 1 ? searchEntries[0]?.dn : undefined;
  }

  /**
   * The user's groups, searched as the user. With `nested`: on Active Directory one search by its transitive matching
   * rule; elsewhere the groups of the groups found, level by level, up to MAX_NESTING_LEVELS, each group once.
   */
  private async groups(client: Client, provider: LdapProvider, userDn: string, username: string): Promise<string[]> {
    const { base, filter, nameAttribute, nested } = provider.groups;
    const ad = nested && (await this.isActiveDirectory(client, provider));
    const template = ad ? transitiveGroupFilter(filter) : filter;
    const levels = nested && !ad ? MAX_NESTING_LEVELS : 1;
    const found = new Map<string, string>();
    let members = [userDn];
    for (let level = 0; level < levels && members.length > 0 && found.size < MAX_LDAP_GROUPS; level++) {
      const next: string[] = [];
      for (let i = 0; i < members.length && found.size < MAX_LDAP_GROUPS; i += DNS_PER_SEARCH) {
        const terms = members
          .slice(i, i + DNS_PER_SEARCH)
          .map((dn) => fillTemplate(template, { dn, username }, escapeFilterValue));
        const { searchEntries } = await client.search(base, {
          scope: "sub",
          filter: terms.length === 1 ? (terms[0] as string) : `(|${terms.join("")})`,
          attributes: [nameAttribute],
          sizeLimit: MAX_LDAP_GROUPS,
        });
        for (const entry of searchEntries) {
          if (found.has(entry.dn) || found.size >= MAX_LDAP_GROUPS) continue;
          found.set(entry.dn, attributeText(entry, nameAttribute) ?? "");
          next.push(entry.dn);
        }
      }
      members = next;
    }
    return providerGroups(provider.id, found.values());
  }

  /** Whether the server's root DSE lists Active Directory's capability (asked once per provider). */
  private async isActiveDirectory(client: Client, provider: LdapProvider): Promise<boolean> {
    const known = this.activeDirectory.get(provider.id);
    if (known !== undefined) return known;
    const { searchEntries } = await client.search("", {
      scope: "base",
      filter: "(objectClass=*)",
      attributes: ["supportedCapabilities"],
    });
    const value = searchEntries[0]?.supportedCapabilities;
    const capabilities = (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(String);
    const ad = capabilities.includes(AD_CAPABILITY);
    this.activeDirectory.set(provider.id, ad);
    return ad;
  }
}
