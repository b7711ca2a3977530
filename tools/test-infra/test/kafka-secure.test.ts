import { Admin } from "@platformatic/kafka";
import { expect } from "chai";
import {
  type ClientAuth,
  consumeMessages,
  createTopic,
  getSharedCluster,
  type KafkaCluster,
  kafkaToolOn,
  produceMessages,
  uniqueTopicName,
  waitFor,
} from "../src/index.js";

async function describeWith(cluster: KafkaCluster, auth: ClientAuth): Promise<number[]> {
  const admin = new Admin({ ...cluster.clientOptions(auth), retries: 0 });
  try {
    const metadata = await admin.metadata({ topics: [], forceUpdate: true });
    return [...metadata.brokers.keys()];
  } finally {
    await admin.close();
  }
}

async function failureOf(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
  } catch (error) {
    return collectMessages(error);
  }
  return "no error";
}

/** The error's message with the messages of its causes (platformatic wraps protocol errors). */
function collectMessages(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth++) {
    const e = current as { message?: string; errors?: unknown[]; cause?: unknown; apiId?: string };
    if (e.message) parts.push(e.message);
    if (e.apiId) parts.push(e.apiId);
    for (const inner of e.errors ?? []) parts.push(collectMessages(inner));
    current = e.cause;
  }
  return parts.join(" | ");
}

describe("test-infra: the secure Kafka topology", function () {
  this.timeout(180_000);
  let cluster: KafkaCluster;

  before(async () => {
    cluster = await getSharedCluster("secure");
  });

  const admin = () => cluster.spec.credentials?.superUser ?? { username: "", password: "" };
  const alice = () => cluster.spec.credentials?.unprivilegedUser ?? { username: "", password: "" };

  for (const listener of ["SASL_PLAINTEXT", "SASL_SSL"] as const) {
    for (const mechanism of ["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512"] as const) {
      it(`${listener} with ${mechanism} connects with the right password`, async () => {
        expect(await describeWith(cluster, { listener, mechanism, ...admin() })).to.deep.equal([1]);
      });
    }
    it(`${listener} with OAUTHBEARER (unsecured token) connects`, async () => {
      expect(await describeWith(cluster, { listener, mechanism: "OAUTHBEARER", subject: "admin" })).to.deep.equal([1]);
    });
  }

  it("SSL connects verifying the generated CA, with and without a client certificate", async () => {
    expect(await describeWith(cluster, { listener: "SSL" })).to.deep.equal([1]);
    expect(await describeWith(cluster, { listener: "SSL", clientCertificate: true })).to.deep.equal([1]);
  });

  it("MTLS requires a client certificate: with one it connects, without one it is refused", async () => {
    expect(await describeWith(cluster, { listener: "MTLS" })).to.deep.equal([1]);
    const failure = await failureOf(() => describeWith(cluster, { listener: "MTLS", clientCertificate: false }));
    expect(failure).to.match(/connection closed|certificate|handshake/i);
  });

  it("describes its listeners, credentials and certificates for clients", () => {
    const description = cluster.describe();
    expect(Object.keys(description.listeners).sort()).to.deep.equal([
      "CONTROLLER",
      "MTLS",
      "PLAINTEXT",
      "SASL_PLAINTEXT",
      "SASL_SSL",
      "SSL",
    ]);
    expect(description.credentials?.superUser.username).to.equal("admin");
    expect(description.credentials?.unprivilegedUser.username).to.equal("alice");
    expect(description.tls?.caPem).to.include("BEGIN CERTIFICATE");
    expect(description.tls?.clientKeyPem).to.include("PRIVATE KEY");
  });

  it("refuses a wrong password", async () => {
    const failure = await failureOf(() =>
      describeWith(cluster, {
        listener: "SASL_PLAINTEXT",
        mechanism: "SCRAM-SHA-512",
        username: "admin",
        password: "wrong",
      }),
    );
    expect(failure).to.match(/authentication|SASL/i);
  });

  it("refuses a broker certificate from an untrusted CA", async () => {
    const otherCa = (await import("node:tls")).rootCertificates[0] ?? "";
    const failure = await failureOf(() => describeWith(cluster, { listener: "SSL", caPem: otherCa }));
    expect(failure).to.match(/certificate|self.signed|unable to verify/i);
  });

  it("gives the unprivileged user an authorization error, and the super user the data path", async () => {
    const failure = await failureOf(async () => {
      const client = new Admin({
        ...cluster.clientOptions({ listener: "SASL_PLAINTEXT", mechanism: "SCRAM-SHA-512", ...alice() }),
        retries: 0,
      });
      try {
        await client.createTopics({ topics: [uniqueTopicName("denied")], partitions: 1, replicas: 1 });
      } finally {
        await client.close();
      }
    });
    expect(failure).to.match(/AUTHORIZATION_FAILED|not authorized/i);

    const topic = await createTopic(cluster, { name: uniqueTopicName("secure"), replicationFactor: 1 });
    await produceMessages(cluster, topic, 1);
    const auth = { listener: "SASL_SSL", mechanism: "SCRAM-SHA-256", ...admin() } as const;
    expect((await consumeMessages(cluster, topic, 1, auth))[0]?.value).to.equal("message-0");
  });

  it("is handed out again only while the super user logs in with every mechanism: a changed credential is named", async () => {
    const { username, password } = admin();
    const setScramSha256 = (to: string) =>
      kafkaToolOn(cluster, "kafka.admin.ConfigCommand", [
        ...["--entity-type", "users", "--entity-name", username, "--alter"],
        ...["--add-config", `SCRAM-SHA-256=[password=${to}]`],
      ]);
    const logsIn = (auth: ClientAuth) =>
      describeWith(cluster, auth).then(
        () => true,
        () => false,
      );
    const sha256 = { listener: "SASL_PLAINTEXT", mechanism: "SCRAM-SHA-256", username, password } as const;
    await setScramSha256("changed-by-a-careless-file");
    try {
      // The broker applies the credential from the metadata log a moment after the tool returns.
      await waitFor("the original SCRAM-SHA-256 password refused", async () =>
        (await logsIn(sha256)) ? undefined : true,
      );
      const refusal = await failureOf(() => getSharedCluster("secure"));
      expect(refusal).to.include(`refuses its super user ${username}'s login with SCRAM-SHA-256`);
      expect(refusal).to.not.include("SCRAM-SHA-512").and.not.include("PLAIN");
      expect(refusal).to.include("tools/test-infra/test/kafka-secure.test.ts");
    } finally {
      // The cluster is shared: the super user's credential as it was formatted.
      await setScramSha256(password);
      await waitFor("the original SCRAM-SHA-256 password accepted", async () =>
        (await logsIn(sha256)) ? true : undefined,
      );
    }
    expect(await getSharedCluster("secure")).to.equal(cluster);
  });
});
