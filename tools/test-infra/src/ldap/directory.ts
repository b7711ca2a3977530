import { createHash, randomBytes } from "node:crypto";

/** A person of the test directory: its entry's DN and its password (random per server). */
export interface DirectoryUser {
  readonly uid: string;
  readonly dn: string;
  readonly password: string;
}

/** The test directory's content: the people, the groups and the service account the gateway searches with. */
export interface TestDirectory {
  readonly baseDn: string;
  readonly peopleDn: string;
  readonly groupsDn: string;
  /** By uid: `dev1` (in staging-operators, itself in developers), `ops1` (in developers and prod-admins). */
  readonly users: Readonly<Record<string, DirectoryUser>>;
  /** The search-then-bind account: reads people and groups, nothing else. */
  readonly serviceAccount: { readonly dn: string; readonly password: string };
  /** The LDIF slapadd loads. */
  readonly ldif: string;
}

export const TEST_BASE_DN = "dc=kcp,dc=test";

/** `{SSHA}`: the salted SHA-1 slapd checks a simple bind's password against (slappasswd's default). */
export function sshaPassword(password: string): string {
  const salt = randomBytes(8);
  const digest = createHash("sha1").update(password).update(salt).digest();
  return `{SSHA}${Buffer.concat([digest, salt]).toString("base64")}`;
}

const secret = () => randomBytes(12).toString("base64url");

/**
 * The test directory: people under ou=people, groupOfNames under ou=groups whose members are DNs, one group nested in
 * another (`staging-operators` is a member of `developers`), and a service account under ou=services.
 */
export function testDirectory(baseDn = TEST_BASE_DN): TestDirectory {
  const peopleDn = `ou=people,${baseDn}`;
  const groupsDn = `ou=groups,${baseDn}`;
  const person = (uid: string): DirectoryUser => ({ uid, dn: `uid=${uid},${peopleDn}`, password: secret() });
  const users = { dev1: person("dev1"), ops1: person("ops1") };
  const serviceAccount = { dn: `cn=gateway-reader,ou=services,${baseDn}`, password: secret() };
  const group = (cn: string, members: string[]) => [
    `dn: cn=${cn},${groupsDn}`,
    "objectClass: groupOfNames",
    `cn: ${cn}`,
    ...members.map((m) => `member: ${m}`),
  ];
  const entries = [
    [`dn: ${baseDn}`, "objectClass: dcObject", "objectClass: organization", "dc: kcp", "o: kcp test directory"],
    ...["people", "groups", "services"].map((ou) => [
      `dn: ou=${ou},${baseDn}`,
      "objectClass: organizationalUnit",
      `ou: ${ou}`,
    ]),
    ...Object.values(users).map((u) => [
      `dn: ${u.dn}`,
      "objectClass: inetOrgPerson",
      `uid: ${u.uid}`,
      `cn: ${u.uid}`,
      `sn: ${u.uid}`,
      `userPassword: ${sshaPassword(u.password)}`,
    ]),
    [
      `dn: ${serviceAccount.dn}`,
      "objectClass: organizationalRole",
      "objectClass: simpleSecurityObject",
      "cn: gateway-reader",
      `userPassword: ${sshaPassword(serviceAccount.password)}`,
    ],
    group("staging-operators", [users.dev1.dn]),
    group("developers", [`cn=staging-operators,${groupsDn}`, users.ops1.dn]),
    group("prod-admins", [users.ops1.dn]),
  ];
  const ldif = `${entries.map((lines) => lines.join("\n")).join("\n\n")}\n`;
  return { baseDn, peopleDn, groupsDn, users, serviceAccount, ldif };
}
