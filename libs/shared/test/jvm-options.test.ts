import { expect } from "chai";
import {
  AgentProvisioningSchema,
  JVM_BOOLEAN_FLAGS,
  JVM_SYSTEM_PROPERTIES,
  JVM_VALUE_FLAGS,
  JvmOptionsSchema,
  jvmOptionName,
  jvmOptionProblem,
  jvmOptionsProblem,
} from "../src/index.js";

/** The JVM options a node may be given: an allow-list of shapes (pure, no JVM). */
describe("JVM options allow-list", () => {
  it("accepts heap and stack sizes with k, m, g and t within bounds", () => {
    for (const option of [
      "-Xms128m",
      "-Xmx8g",
      "-Xmx1024M",
      "-Xmn256m",
      "-Xss512k",
      "-Xss1m",
      "-Xmx2T",
      "-Xms1048576k",
    ])
      expect(jvmOptionProblem(option), option).to.equal(undefined);
    for (const option of ["-Xmx", "-Xmx8", "-Xmx0m", "-Xmx8x", "-Xmx 8g", "-Xmx99999t", "-Xss1k", "-Xmx8g;rm"])
      expect(jvmOptionProblem(option), option).to.match(/takes a size/);
  });

  it("accepts every listed -XX boolean, on and off, and no other", () => {
    for (const flag of JVM_BOOLEAN_FLAGS) {
      expect(jvmOptionProblem(`-XX:+${flag}`), flag).to.equal(undefined);
      expect(jvmOptionProblem(`-XX:-${flag}`), flag).to.equal(undefined);
    }
    for (const option of [
      "-XX:+HeapDumpOnOutOfMemoryError",
      "-XX:+CrashOnOutOfMemoryError",
      "-XX:+UnlockDiagnosticVMOptions",
      "-XX:+UnlockExperimentalVMOptions",
      "-XX:+FlightRecorder",
      "-XX:+useg1gc",
    ])
      expect(jvmOptionProblem(option), option).to.equal(`${option} ${NOT_ALLOWED}`);
  });

  it("accepts the listed -XX:Name=value with numbers, percentages and sizes in bounds, and refuses the rest", () => {
    const good = {
      MaxGCPauseMillis: "20",
      InitiatingHeapOccupancyPercent: "35",
      G1HeapRegionSize: "16m",
      MaxDirectMemorySize: "512m",
      MetaspaceSize: "96m",
      MaxMetaspaceSize: "256m",
      MaxRAMPercentage: "75.0",
      InitialRAMPercentage: "50",
      MinRAMPercentage: "25.5",
      ParallelGCThreads: "4",
      ConcGCThreads: "2",
      ActiveProcessorCount: "2",
      TieredStopAtLevel: "1",
      ReservedCodeCacheSize: "240m",
      MaxInlineLevel: "15",
    };
    for (const [name, value] of Object.entries(good)) {
      expect(JVM_VALUE_FLAGS, name).to.have.property(name);
      expect(jvmOptionProblem(`-XX:${name}=${value}`), name).to.equal(undefined);
    }
    expect(jvmOptionProblem("-XX:InitiatingHeapOccupancyPercent=101")).to.equal(
      "-XX:InitiatingHeapOccupancyPercent takes a whole number from 0 to 100",
    );
    expect(jvmOptionProblem("-XX:MaxRAMPercentage=100.5")).to.equal(
      "-XX:MaxRAMPercentage takes a percentage from 0 to 100",
    );
    expect(jvmOptionProblem("-XX:G1HeapRegionSize=1g")).to.equal(
      "-XX:G1HeapRegionSize takes a size (digits with k, m or g) from 1m to 512m",
    );
    expect(jvmOptionProblem("-XX:TieredStopAtLevel=-1")).to.match(/^-XX:TieredStopAtLevel takes a whole number/);
    expect(jvmOptionProblem("-XX:ParallelGCThreads=4 -XX:OnError=x")).to.match(/^-XX:ParallelGCThreads takes/);
  });

  it("accepts the listed -D properties with values of their shape", () => {
    const good = {
      "java.awt.headless": "true",
      "java.net.preferIPv4Stack": "false",
      "java.net.preferIPv6Addresses": "system",
      "file.encoding": "UTF-8",
      "user.timezone": "Europe/Paris",
      "user.language": "en",
      "user.country": "US",
      "sun.net.inetaddr.ttl": "60",
      "sun.net.inetaddr.negative.ttl": "-1",
      "jdk.nio.maxCachedBufferSize": "262144",
    };
    for (const [name, value] of Object.entries(good)) {
      expect(JVM_SYSTEM_PROPERTIES, name).to.have.property(name);
      expect(jvmOptionProblem(`-D${name}=${value}`), name).to.equal(undefined);
    }
    for (const option of [
      "-Djava.awt.headless=yes",
      "-Duser.timezone=../../etc/passwd",
      "-Dfile.encoding=UTF 8",
      "-Dsun.net.inetaddr.ttl=$(id)",
    ])
      expect(jvmOptionProblem(option), option).to.match(/has a value of the wrong shape$/);
  });

  it("refuses every option that names a command, a file or code, naming the option and never its value", () => {
    const refused: Record<string, string> = {
      "-XX:OnOutOfMemoryError=touch /tmp/pwned": "-XX:OnOutOfMemoryError",
      "-XX:OnError=sh -c id": "-XX:OnError",
      "-XX:HeapDumpPath=/etc/cron.d/x": "-XX:HeapDumpPath",
      "-XX:ErrorFile=/tmp/hs_err.log": "-XX:ErrorFile",
      "-XX:Flags=/tmp/flags": "-XX:Flags",
      "-XX:VMOptionsFile=/tmp/options": "-XX:VMOptionsFile",
      "-XX:StartFlightRecording=filename=/tmp/x.jfr": "-XX:StartFlightRecording",
      "-Xlog:gc*:file=/tmp/gc.log": "-Xlog",
      "-Xlog:gc:/tmp/gc.log": "-Xlog",
      "-verbose:gc": "-verbose",
      "-agentlib:jdwp=transport=dt_socket,server=y,address=*:5005": "-agentlib",
      "-agentpath:/tmp/libevil.so": "-agentpath",
      "-javaagent:/tmp/evil.jar": "-javaagent",
      "-cp": "-cp",
      "-classpath": "-classpath",
      "--class-path=/tmp": "--class-path",
      "--add-opens=java.base/java.lang=ALL-UNNAMED": "--add-opens",
      "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED": "--add-exports",
      "--patch-module=java.base=/tmp/x": "--patch-module",
      "@/tmp/argfile": "@/tmp/argfile",
      "-Dlog4j2.configurationFile=/tmp/log4j2.xml": "-Dlog4j2.configurationFile",
      "-Dlog4j.configuration=file:/tmp/x": "-Dlog4j.configuration",
      "-Djava.security.manager=allow": "-Djava.security.manager",
      "-Djava.security.egd=file:/dev/urandom": "-Djava.security.egd",
      "-Djava.security.auth.login.config=/tmp/jaas.conf": "-Djava.security.auth.login.config",
      "-Dcom.sun.management.jmxremote.port=9999": "-Dcom.sun.management.jmxremote.port",
      "-Djavax.net.ssl.keyStorePassword=s3cret": "-Djavax.net.ssl.keyStorePassword",
      "-Djava.io.tmpdir=/etc": "-Djava.io.tmpdir",
      "-Dkafka.logs.dir=/": "-Dkafka.logs.dir",
      "-Xbootclasspath/a:/tmp/x.jar": "-Xbootclasspath/a",
      "-XX:+UseG1GC -XX:OnError=id": "-XX:+UseG1GC -XX:OnError",
      "-jar": "-jar",
      "kafka.Kafka": "kafka.Kafka",
    };
    for (const [option, name] of Object.entries(refused)) {
      const problem = jvmOptionProblem(option);
      expect(problem, option).to.equal(`${name} ${NOT_ALLOWED}`);
      expect(jvmOptionName(option), option).to.equal(name);
    }
    expect(jvmOptionProblem("-Djavax.net.ssl.keyStorePassword=s3cret")).not.to.contain("s3cret");
    expect(jvmOptionProblem("")).to.equal("a JVM option is 1-256 characters");
    expect(jvmOptionProblem(`-Xmx${"1".repeat(300)}`)).to.equal("a JVM option is 1-256 characters");
  });

  it("a list answers its first refused option; the schema refuses it with the option's index and name", () => {
    expect(jvmOptionsProblem(["-Xmx8m", "-XX:+UseG1GC"])).to.equal(undefined);
    expect(jvmOptionsProblem(["-Xmx8m", "-XX:OnOutOfMemoryError=touch x", "-javaagent:x"])).to.equal(
      `-XX:OnOutOfMemoryError ${NOT_ALLOWED}`,
    );
    const parsed = JvmOptionsSchema.safeParse(["-Xmx8m", "-XX:OnOutOfMemoryError=touch /tmp/x"]);
    expect(parsed.success).to.equal(false);
    expect(parsed.error?.issues[0]).to.deep.include({ path: [1], message: `-XX:OnOutOfMemoryError ${NOT_ALLOWED}` });
    expect(JvmOptionsSchema.safeParse(Array(65).fill("-Xmx8m")).success).to.equal(false);
  });

  it("an agent's provisioning section takes only allowed JVM options and a normalized absolute data folder", () => {
    const section = { nodeIds: { from: 10, to: 19 }, ports: [9100], dataDir: "/var/lib/kafka" };
    expect(AgentProvisioningSchema.safeParse({ ...section, jvmOptions: ["-Xmx8m", "-XX:+UseG1GC"] }).success).to.equal(
      true,
    );
    const refused = AgentProvisioningSchema.safeParse({
      ...section,
      jvmOptions: ["-Xmx8m", "-XX:OnOutOfMemoryError=touch /tmp/x"],
    });
    expect(refused.error?.issues[0]).to.deep.include({
      path: ["jvmOptions", 1],
      message: `-XX:OnOutOfMemoryError ${NOT_ALLOWED}`,
    });
    for (const dataDir of ["/", "/var/lib/../..", "/var//lib", "/var/lib/", "/var/./lib", "var/lib", "/a b"])
      expect(AgentProvisioningSchema.safeParse({ ...section, dataDir }).success, dataDir).to.equal(false);
  });
});

const NOT_ALLOWED =
  "is not an allowed JVM option (allowed: -Xms, -Xmx, -Xmn, -Xss, listed -XX flags and -D properties; docs/node-agent.md)";
