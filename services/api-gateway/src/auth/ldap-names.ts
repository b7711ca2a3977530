/**
 * Pure: how a typed username and a found DN go into LDAP filters and DNs. Every value from outside is escaped where
 * it lands, so that no name changes the shape of a filter or a DN (an LDAP injection such as `*)(uid=*` is a name
 * like any other, which no entry has).
 */

/** The matching rule by which Active Directory follows group membership through nested groups. */
export const AD_TRANSITIVE_MEMBERSHIP = "1.2.840.113556.1.4.1941";

/** The capability a server's root DSE lists when it is Active Directory (LDAP_CAP_ACTIVE_DIRECTORY_OID). */
export const AD_CAPABILITY = "1.2.840.113556.1.4.800";

/** RFC 4515: a value inside a filter, with `*`, `(`, `)`, `\` and NUL as `\2a`, `\28`, `\29`, `\5c`, `\00`. */
export function escapeFilterValue(value: string): string {
  return value.replace(/[*()\\\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
}

/**
 * RFC 4514: an attribute value inside a DN. `"`, `+`, `,`, `;`, `<`, `>`, `\`, `=`, NUL, a leading `#` or space and a
 * trailing space become `\` and their hex code, which every server reads back as the character itself.
 */
export function escapeDnValue(value: string): string {
  const hex = (c: string) => `\\${c.charCodeAt(0).toString(16).padStart(2, "0")}`;
  let escaped = value.replace(/["+,;<>\\=\0]/g, hex);
  if (escaped.startsWith("#") || escaped.startsWith(" ")) escaped = hex(escaped[0] as string) + escaped.slice(1);
  if (escaped.endsWith(" ")) escaped = `${escaped.slice(0, -1)}\\20`;
  return escaped;
}

/** A template's `{name}` placeholders replaced by their values, each escaped by `escaped`; others stay as written. */
export function fillTemplate(
  template: string,
  values: Record<string, string>,
  escaped: (value: string) => string,
): string {
  return template.replace(/\{([a-z]+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : escaped(value);
  });
}

/**
 * A group filter asking Active Directory for the groups a DN is in at any depth: each `(<attribute>={dn})` of the
 * configured filter becomes `(<attribute>:1.2.840.113556.1.4.1941:={dn})`. Done on the configured template, before
 * any value is put in.
 */
export function transitiveGroupFilter(template: string): string {
  return template.replace(/\(([A-Za-z][A-Za-z0-9-]*)=\{dn\}\)/g, `($1:${AD_TRANSITIVE_MEMBERSHIP}:={dn})`);
}

/**
 * Whether a typed username may be tried at all: 1 to 256 characters, none of them a control character. An empty
 * name would make the search filter or the DN template name something else than a user.
 */
export function usernameAcceptable(username: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  return username.length > 0 && username.length <= 256 && !/[\u0000-\u001f\u007f]/.test(username);
}

/**
 * Whether a password may be sent in a bind: a simple bind with an empty password is an unauthenticated bind, which
 * many servers (Active Directory among them) answer with success, as an anonymous session — never a proof of anything.
 */
export function passwordAcceptable(password: string): boolean {
  return password.length > 0 && password.length <= 1024;
}

/** The groups of a provider's user as principals name them: `<provider>:<name>`, each once, sorted. */
export function providerGroups(provider: string, names: Iterable<string>): string[] {
  return [...new Set([...names].filter((n) => n.length > 0).map((n) => `${provider}:${n}`))].sort();
}
