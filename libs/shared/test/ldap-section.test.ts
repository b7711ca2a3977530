import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { checkProviderIdsApart, loadLdapProviders, parseLdapProviders } from "../src/index.js";

const directBind = { mode: "direct", dnTemplate: "uid={username},ou=people,dc=example,dc=org" };
const groups = { base: "ou=groups,dc=example,dc=org" };
const provider = (fields: Record<string, unknown>) => ({
  id: "corp",
  name: "Corporate directory",
  url: "ldap://ldap.example.org",
  startTls: true,
  bind: directBind,
  groups,
  ...fields,
});
const parse = (providers: unknown[]) => parseLdapProviders(JSON.stringify(providers));

describe("LDAP providers file", () => {
  it("reads a StartTLS provider with the group search's defaults", () => {
    const [p] = parse([provider({})]);
    expect(p?.groups).to.deep.equal({
      base: "ou=groups,dc=example,dc=org",
      filter: "(&(objectClass=groupOfNames)(member={dn}))",
      nameAttribute: "cn",
      nested: false,
    });
  });

  it("refuses plain ldap:// without StartTLS unless allowPlainLdap is written, and StartTLS on ldaps://", () => {
    expect(() => parse([provider({ startTls: false })])).to.throw(/url: plain ldap:\/\/ without StartTLS/);
    expect(() => parse([provider({ startTls: undefined })])).to.throw(/allowPlainLdap: true/);
    expect(parse([provider({ startTls: false, allowPlainLdap: true })])).to.have.length(1);
    expect(parse([provider({ url: "ldaps://ldap.example.org:636", startTls: false })])).to.have.length(1);
    expect(() => parse([provider({ url: "ldaps://ldap.example.org", startTls: true })])).to.throw(/startTls/);
  });

  it("refuses templates without their placeholder, URLs with a path or credentials, unknown fields and twice the same id", () => {
    expect(() => parse([provider({ bind: { mode: "direct", dnTemplate: "uid=admin,dc=example,dc=org" } })])).to.throw(
      /bind\.dnTemplate: must contain \{username\}/,
    );
    expect(() => parse([provider({ url: "ldap://user:pw@ldap.example.org" })])).to.throw(/url: must be/);
    expect(() => parse([provider({ url: "ldap://ldap.example.org/dc=x" })])).to.throw(/url: must be/);
    expect(() => parse([provider({ bindPassword: "x" })])).to.throw(/Unrecognized key/);
    expect(() => parse([provider({}), provider({})])).to.throw(/1\.id: corp is listed twice/);
    expect(() => parseLdapProviders("{")).to.throw(/not JSON/);
  });

  it("reads the CA and the service account's password from their files, never echoing them in an error", async () => {
    const dir = await mkdtemp(join(tmpdir(), "kcp-ldap-config-"));
    const search = {
      mode: "search",
      bindDn: "cn=reader,dc=example,dc=org",
      bindPasswordFile: join(dir, "password"),
      userBase: "ou=people,dc=example,dc=org",
      userFilter: "(uid={username})",
    };
    await writeFile(join(dir, "password"), "s3cret with spaces \n");
    await writeFile(join(dir, "ca.pem"), "-----BEGIN CERTIFICATE-----\n");
    await writeFile(
      join(dir, "providers.json"),
      JSON.stringify([provider({ bind: search, caFile: join(dir, "ca.pem") })]),
    );
    const [p] = loadLdapProviders({ LDAP_PROVIDERS_FILE: join(dir, "providers.json") });
    expect(p?.bindPassword).to.equal("s3cret with spaces ");
    expect(p?.caPem).to.match(/BEGIN CERTIFICATE/);

    await writeFile(join(dir, "bad.json"), JSON.stringify([provider({ bind: { ...search, userFilter: "uid=x" } })]));
    expect(() => loadLdapProviders({ LDAP_PROVIDERS_FILE: join(dir, "bad.json") }))
      .to.throw(/bind\.userFilter/)
      .with.property("message")
      .that.does.not.match(/uid=x/);
    expect(() => loadLdapProviders({ LDAP_PROVIDERS_FILE: join(dir, "missing.json") })).to.throw(/ENOENT/);
    expect(loadLdapProviders({})).to.deep.equal([]);
  });

  it("refuses an LDAP provider whose id an OpenID provider has: their users would be one", () => {
    expect(() => checkProviderIdsApart([{ id: "corp" }, { id: "ad" }], [{ id: "corp" }])).to.throw(
      /both name the provider corp:/,
    );
    expect(() => checkProviderIdsApart([{ id: "ad" }], [{ id: "corp" }])).to.not.throw();
  });
});
