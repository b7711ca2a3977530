import { expect } from "chai";
import {
  escapeDnValue,
  escapeFilterValue,
  fillTemplate,
  passwordAcceptable,
  providerGroups,
  transitiveGroupFilter,
  usernameAcceptable,
} from "../src/auth/ldap-names.js";

describe("LDAP names: what a typed username becomes in filters and DNs", () => {
  it("escapes a filter value as RFC 4515 says, so an injection stays one value", () => {
    expect(escapeFilterValue("*)(uid=*")).to.equal("\\2a\\29\\28uid=\\2a");
    expect(escapeFilterValue("a\\b\0c")).to.equal("a\\5cb\\00c");
    expect(escapeFilterValue("jörg.müller@example.org")).to.equal("jörg.müller@example.org");
    expect(
      fillTemplate("(&(objectClass=person)(uid={username}))", { username: "x)(|(uid=*" }, escapeFilterValue),
    ).to.equal("(&(objectClass=person)(uid=x\\29\\28|\\28uid=\\2a))");
  });

  it("escapes a DN value as RFC 4514 says: specials, a leading # or space, a trailing space", () => {
    expect(escapeDnValue('a,b+c"d\\e<f>g;h=i')).to.equal("a\\2cb\\2bc\\22d\\5ce\\3cf\\3eg\\3bh\\3di");
    expect(escapeDnValue("#admin")).to.equal("\\23admin");
    expect(escapeDnValue(" x ")).to.equal("\\20x\\20");
    expect(fillTemplate("uid={username},ou=people,dc=x", { username: "a,ou=admins" }, escapeDnValue)).to.equal(
      "uid=a\\2cou\\3dadmins,ou=people,dc=x",
    );
    // A placeholder without a value stays as written; values are never read as templates themselves.
    expect(fillTemplate("(member={dn})(x={other})", { dn: "{username}" }, escapeFilterValue)).to.equal(
      "(member={username})(x={other})",
    );
  });

  it("asks Active Directory for nested groups by its transitive matching rule, in the configured filter", () => {
    expect(transitiveGroupFilter("(&(objectClass=group)(member={dn}))")).to.equal(
      "(&(objectClass=group)(member:1.2.840.113556.1.4.1941:={dn}))",
    );
    expect(transitiveGroupFilter("(memberUid={username})")).to.equal("(memberUid={username})");
  });

  it("refuses empty passwords and empty or control-character names before any server is asked", () => {
    expect(passwordAcceptable("")).to.equal(false);
    expect(passwordAcceptable(" ")).to.equal(true);
    expect(usernameAcceptable("")).to.equal(false);
    expect(usernameAcceptable("dev1\n")).to.equal(false);
    expect(usernameAcceptable("x".repeat(257))).to.equal(false);
    expect(usernameAcceptable("DOMAIN\\dev1")).to.equal(true);
  });

  it("names groups <provider>:<name>, each once, sorted", () => {
    expect(providerGroups("corp", ["b", "a", "b", ""])).to.deep.equal(["corp:a", "corp:b"]);
  });
});
