import { expect } from "chai";
import { z } from "zod";
import { AllowedHosts, AppError, hostOf, kafkaSection, loadConfig } from "../src/index.js";

describe("KAFKA_ALLOWED_HOSTS (which bootstrap hosts a cluster may name)", () => {
  const fuzz = AllowedHosts.parse("127.0.0.0/8,localhost,::1");

  it("allows any host when unset or blank", () => {
    for (const text of [undefined, "", "  "]) {
      const hosts = AllowedHosts.parse(text);
      expect(hosts.any).to.equal(true);
      expect(hosts.allows("kafka.example.com")).to.equal(true);
      expect(() => hosts.check(["10.1.2.3:9092"])).not.to.throw();
    }
  });

  it("matches IPv4 literals against CIDRs and addresses", () => {
    expect(fuzz.allows("127.0.0.1")).to.equal(true);
    expect(fuzz.allows("127.255.3.4")).to.equal(true);
    expect(fuzz.allows("128.0.0.1")).to.equal(false);
    expect(fuzz.allows("10.0.0.1")).to.equal(false);
    const single = AllowedHosts.parse("10.0.0.7, 192.168.0.0/16");
    expect(single.allows("10.0.0.7")).to.equal(true);
    expect(single.allows("10.0.0.8")).to.equal(false);
    expect(single.allows("192.168.44.1")).to.equal(true);
  });

  it("matches IPv6 literals, bracketed or not, and IPv4-mapped addresses against IPv4 rules", () => {
    expect(fuzz.allows("[::1]")).to.equal(true);
    expect(fuzz.allows("::1")).to.equal(true);
    expect(fuzz.allows("[::2]")).to.equal(false);
    expect(fuzz.allows("[::ffff:127.0.0.1]")).to.equal(true);
    expect(fuzz.allows("[::ffff:10.0.0.1]")).to.equal(false);
    const v6 = AllowedHosts.parse("fd00::/8");
    expect(v6.allows("[fd12:3456::1]")).to.equal(true);
    expect(v6.allows("[fe80::1]")).to.equal(false);
  });

  it("matches names whole and case-insensitively, suffixes by domain, and never resolves a name", () => {
    expect(fuzz.allows("localhost")).to.equal(true);
    expect(fuzz.allows("LOCALHOST")).to.equal(true);
    expect(fuzz.allows("localhost.")).to.equal(true);
    expect(fuzz.allows("localhost.evil.com")).to.equal(false);
    expect(fuzz.allows("notlocalhost")).to.equal(false);
    // 127.0.0.0/8 allows addresses, not names that resolve there.
    expect(AllowedHosts.parse("127.0.0.0/8").allows("localhost")).to.equal(false);
    const domain = AllowedHosts.parse(".kafka.internal,*.corp.example");
    expect(domain.allows("b1.kafka.internal")).to.equal(true);
    expect(domain.allows("kafka.internal")).to.equal(false);
    expect(domain.allows("evilkafka.internal")).to.equal(false);
    expect(domain.allows("a.b.corp.example")).to.equal(true);
  });

  it("refuses a profile naming another host with 422 invalid_request naming the host", () => {
    expect(() => fuzz.check(["127.0.0.1:9092", "localhost:9093", "[::1]:9094"])).not.to.throw();
    try {
      fuzz.check(["127.0.0.1:9092", "kafka.example.com:9092"]);
      expect.fail("should refuse");
    } catch (error) {
      expect(error).to.be.instanceOf(AppError);
      expect((error as AppError).code).to.equal("invalid_request");
      expect((error as AppError).status).to.equal(422);
      expect((error as AppError).message)
        .to.include("kafka.example.com")
        .and.not.include("9092");
    }
    expect(() => fuzz.check(["[2001:db8::1]:9092"])).to.throw(/\[2001:db8::1\]/);
  });

  it("splits host and port", () => {
    expect(hostOf("a.b:9092")).to.equal("a.b");
    expect(hostOf("[::1]:9092")).to.equal("[::1]");
    expect(hostOf("10.0.0.1:1")).to.equal("10.0.0.1");
  });

  it("is read from the environment, and a bad entry stops start-up naming the variable", () => {
    const config = loadConfig(kafkaSection, { KAFKA_ALLOWED_HOSTS: "10.0.0.0/8" });
    expect(config.KAFKA_ALLOWED_HOSTS.allows("10.9.9.9")).to.equal(true);
    expect(loadConfig(kafkaSection, {}).KAFKA_ALLOWED_HOSTS.any).to.equal(true);
    for (const bad of ["10.0.0.0/33", "not a host", "::1/129", "a_b"])
      expect(() => loadConfig(z.object(kafkaSection.shape), { KAFKA_ALLOWED_HOSTS: bad }), bad).to.throw(
        /KAFKA_ALLOWED_HOSTS/,
      );
  });
});
