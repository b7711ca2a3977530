import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import {
  federatedUsername,
  groupsFromClaims,
  loadConfig,
  loadOidcProviders,
  MAX_FEDERATED_GROUPS,
  oidcSection,
  parseOidcProviders,
  sameOriginPath,
} from "../src/index.js";

const provider = {
  id: "corp",
  name: "Corp",
  issuer: "https://idp.example.com/realms/corp",
  clientId: "kcp",
};

describe("OpenID sign-in: usernames, groups and where a sign-in returns to", () => {
  it("names a provider's user by its subject, hashing one that is long or unusual", () => {
    expect(federatedUsername("corp", "248289761001")).to.equal("corp:248289761001");
    const odd = federatedUsername("corp", "a b/c");
    expect(odd).to.match(/^corp:~[A-Za-z0-9_-]{43}$/);
    expect(federatedUsername("corp", "a b/c")).to.equal(odd);
    const long = federatedUsername("corp", "x".repeat(255));
    expect(long.length).to.be.at.most(233);
    expect(long).to.not.equal(federatedUsername("corp", "x".repeat(254)));
  });

  it("reads flat, nested and single-string group claims", () => {
    const claims = {
      groups: ["payments", "dev", "payments"],
      realm_access: { roles: ["admins", 7, "", "ops"] },
      resource_access: { "kcp-console": { roles: "editor" } },
      odd: { roles: { not: "a list" } },
    };
    expect(groupsFromClaims(claims, "groups", "corp")).to.deep.equal(["corp:payments", "corp:dev"]);
    expect(groupsFromClaims(claims, "realm_access.roles", "kc")).to.deep.equal(["kc:admins", "kc:ops"]);
    expect(groupsFromClaims(claims, "resource_access.kcp-console.roles", "kc")).to.deep.equal(["kc:editor"]);
    expect(groupsFromClaims(claims, "odd.roles", "kc")).to.deep.equal([]);
    expect(groupsFromClaims(claims, "missing.path", "kc")).to.deep.equal([]);
    expect(groupsFromClaims(claims, "groups.length", "kc")).to.deep.equal([]);
    expect(groupsFromClaims(claims, "toString", "kc")).to.deep.equal([]);
  });

  it("keeps the first 1,000 of a claim of 10,000 groups, in a few milliseconds", () => {
    const claims = { groups: Array.from({ length: 10_000 }, (_, i) => `group-${i}`) };
    const started = performance.now();
    const groups = groupsFromClaims(claims, "groups", "corp");
    const ms = performance.now() - started;
    expect(groups).to.have.lengthOf(MAX_FEDERATED_GROUPS);
    expect(groups[0]).to.equal("corp:group-0");
    expect(groups.at(-1)).to.equal("corp:group-999");
    expect(ms).to.be.below(50);
  });

  it("returns only to a path of this service", () => {
    expect(sameOriginPath("/clusters/c1?tab=topics")).to.equal("/clusters/c1?tab=topics");
    for (const elsewhere of [
      "https://evil.example",
      "//evil.example/x",
      "/\\evil.example",
      "/%0d%0a".replace("%0d%0a", "\r\n"),
      "javascript:alert(1)",
      "",
      undefined,
      ["/a"],
      `/${"a".repeat(3000)}`,
    ]) {
      expect(sameOriginPath(elsewhere), String(elsewhere)).to.equal("/");
    }
  });
});

describe("OpenID providers' configuration", () => {
  it("takes a provider with defaults, adding openid to its scopes", () => {
    const [spec] = parseOidcProviders(JSON.stringify([{ ...provider, scopes: ["email"] }]));
    expect(spec).to.deep.include({ groupsClaim: "groups", refreshSeconds: 900, scopes: ["openid", "email"] });
  });

  it("refuses plain http except for a loopback issuer written so, a bad claim path, and a repeated id", () => {
    const refusal = (providers: unknown[]) => {
      try {
        parseOidcProviders(JSON.stringify(providers));
      } catch (error) {
        return (error as Error).message;
      }
      return "";
    };
    expect(refusal([{ ...provider, issuer: "http://idp.example.com" }])).to.contain("0.issuer");
    expect(refusal([{ ...provider, issuer: "http://idp.example.com", allowHttp: true }])).to.contain("0.issuer");
    expect(refusal([{ ...provider, issuer: "http://127.0.0.1:4000", allowHttp: true }])).to.equal("");
    expect(refusal([{ ...provider, groupsClaim: "a..b" }])).to.contain("0.groupsClaim");
    expect(refusal([provider, provider])).to.contain("1.id: corp is listed twice");
    expect(refusal([{ ...provider, clientSecret: "inline" }])).to.contain("Unrecognized key");
    expect(() => parseOidcProviders("{")).to.throw("not JSON");
  });

  it("reads the client secret from its file, and needs the redirect base with providers", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kcp-oidc-"));
    writeFileSync(join(dir, "secret"), "s3cret\n");
    writeFileSync(
      join(dir, "providers.json"),
      JSON.stringify([{ ...provider, clientSecretFile: join(dir, "secret") }]),
    );
    const config = loadConfig(oidcSection, {
      OIDC_PROVIDERS_FILE: join(dir, "providers.json"),
      OIDC_REDIRECT_BASE_URL: "https://kcp.example.com/",
    });
    expect(config.OIDC_REDIRECT_BASE_URL).to.equal("https://kcp.example.com");
    const [loaded] = await loadOidcProviders(config);
    expect(loaded?.clientSecret).to.equal("s3cret");
    expect(() => loadConfig(oidcSection, { OIDC_PROVIDERS_FILE: join(dir, "providers.json") })).to.throw(
      /OIDC_REDIRECT_BASE_URL/,
    );
    writeFileSync(join(dir, "providers.json"), JSON.stringify([{ ...provider, clientSecretFile: join(dir, "none") }]));
    const missing = await loadOidcProviders(config).catch((error: Error) => error.message);
    expect(missing).to.contain("clientSecretFile of corp").and.contain("ENOENT");
  });
});
