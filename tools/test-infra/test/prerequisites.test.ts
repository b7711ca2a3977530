import { expect } from "chai";
import { javaMajor, missingPrerequisitesMessage, type Prerequisite, systemInstallAllowed } from "../src/index.js";

const machine = (present: Partial<Record<string, boolean>>): Prerequisite[] => [
  {
    name: "Java 17 or newer",
    neededFor: "running Kafka",
    present: present.java ?? true,
    install: "apt-get install jre",
  },
  { name: "Maven (mvn)", neededFor: "fetching Kafka", present: present.mvn ?? true, install: "apt-get install maven" },
  {
    name: "redis-server",
    neededFor: "the distributed tests",
    present: present.redis ?? true,
    aptPackage: "redis-server",
    install: "apt-get install redis-server",
  },
];

describe("the test harness's prerequisites, checked before anything is built", () => {
  it("names every missing piece in one message, each with the command that installs it", () => {
    const message = missingPrerequisitesMessage(machine({ java: false, mvn: false, redis: false }), false) ?? "";
    expect(message.split("\n").filter((line) => line.startsWith("  - "))).to.deep.equal([
      "  - Java 17 or newer (for running Kafka): apt-get install jre",
      "  - Maven (mvn) (for fetching Kafka): apt-get install maven",
      "  - redis-server (for the distributed tests): apt-get install redis-server",
    ]);
    expect(message).to.include("KCP_ALLOW_APT=1");
  });

  it("leaves out what it installs itself where it may, and says nothing when nothing is missing", () => {
    expect(missingPrerequisitesMessage(machine({ redis: false }), true)).to.equal(undefined);
    expect(missingPrerequisitesMessage(machine({ mvn: false, redis: false }), true))
      .to.match(/Maven/)
      .and.not.match(/redis/);
    expect(missingPrerequisitesMessage(machine({}), false)).to.equal(undefined);
  });

  it("installs Debian packages without an opt-in where it runs as root with apt-get; KCP_ALLOW_APT=0 forbids it", () => {
    const rootWithApt = { root: true, aptGet: true };
    expect(systemInstallAllowed({}, rootWithApt)).to.equal(true);
    expect(systemInstallAllowed({}, { root: false, aptGet: true })).to.equal(false);
    expect(systemInstallAllowed({ KCP_ALLOW_APT: "1" }, { root: false, aptGet: true })).to.equal(true);
    expect(systemInstallAllowed({ CI: "true" }, { root: false, aptGet: false })).to.equal(true);
    expect(systemInstallAllowed({ KCP_ALLOW_APT: "0" }, rootWithApt)).to.equal(false);
  });

  it("reads Java's major version from java -version, old and new styles", () => {
    expect(javaMajor('openjdk version "17.0.13" 2024-10-15')).to.equal(17);
    expect(javaMajor('java version "1.8.0_392"')).to.equal(8);
    expect(javaMajor('openjdk version "25" 2025-09-16')).to.equal(25);
    expect(javaMajor("bash: java: command not found")).to.equal(0);
  });
});
