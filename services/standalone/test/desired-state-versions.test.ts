import type {
  AclBinding,
  ClusterView,
  DesiredStateDriftResponse,
  DesiredStatePlanResponse,
  Operation,
} from "@kcp/shared";
import {
  getSharedCluster,
  type KafkaCluster,
  type KafkaVersion,
  kafkaToolOn,
  uniqueTopicName,
  waitFor,
  withAdmin,
} from "@kcp/test-infra";
import { expect } from "chai";
import { type Reply, startTestService, type TestService } from "./service-fixture.js";

const TOPICS = "org.apache.kafka.tools.TopicCommand";
const CONFIGS = "kafka.admin.ConfigCommand";
/** kafka-acls: a Scala class of kafka_2.13 up to 3.9, a Java one of kafka-tools from 4.0. */
const aclCommandOf = (version: KafkaVersion) =>
  Number(version.split(".")[0]) >= 4 ? "org.apache.kafka.tools.AclCommand" : "kafka.admin.AclCommand";

/** Partitions and replicas of each partition as kafka-topics --describe shows them (an independent reader). */
async function described(cluster: KafkaCluster, topic: string): Promise<{ partitions: number; replicas: number[] }> {
  const out = await kafkaToolOn(cluster, TOPICS, ["--describe", "--topic", topic]);
  const rows = [...out.matchAll(/Partition: \d+\s+Leader: -?\d+\s+Replicas: ([\d,]+)\s+Isr: ([\d,]+)/g)];
  return { partitions: rows.length, replicas: rows.map((m) => (m[1] as string).split(",").length) };
}

/** The configs set on an entity, as kafka-configs --describe lists them. */
async function configsOf(cluster: KafkaCluster, type: string, name: string): Promise<Record<string, string>> {
  const out = await kafkaToolOn(cluster, CONFIGS, ["--entity-type", type, "--entity-name", name, "--describe"]);
  return Object.fromEntries(
    [...out.matchAll(/^\s+([a-z0-9._-]+)=(\S*) sensitive=/gm)].map((m) => [m[1] as string, m[2] as string]),
  );
}

/** A user's quota values as kafka-configs --describe prints them, sorted ("producer_byte_rate=1048576.0"). */
async function quotasOf(cluster: KafkaCluster, user: string): Promise<string[]> {
  const out = await kafkaToolOn(cluster, CONFIGS, ["--entity-type", "users", "--entity-name", user, "--describe"]);
  return (/are (.*)$/m.exec(out)?.[1] ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "")
    .sort();
}

/**
 * The ACL bindings kafka-acls --list shows for the arguments (a principal, a topic), one line each:
 * "TOPIC:name:LITERAL User:x READ ALLOW *", sorted.
 */
async function aclsListed(cluster: KafkaCluster, args: string[]): Promise<string[]> {
  const out = await kafkaToolOn(cluster, aclCommandOf(cluster.version), ["--list", ...args]);
  const lines: string[] = [];
  let resource = "";
  for (const line of out.split("\n")) {
    const pattern = /ResourcePattern\(resourceType=(\w+), name=(.+?), patternType=(\w+)\)/.exec(line);
    if (pattern) resource = `${pattern[1]}:${pattern[2]}:${pattern[3]}`;
    for (const m of line.matchAll(/\(principal=(\S+), host=(\S+), operation=(\S+), permissionType=(\S+)\)/g))
      lines.push(`${resource} ${m[1]} ${m[3]} ${m[4]} ${m[2]}`);
  }
  return lines.sort();
}

const line = (b: AclBinding) =>
  `${b.resourceType}:${b.resourceName}:${b.patternType} ${b.principal} ${b.operation} ${b.permission} ${b.host}`;

/** The codes of an error of @platformatic/kafka and of the errors it wraps (PLT_KFK_*, Kafka's apiId), sorted. */
function errorCodes(error: unknown): string[] {
  const codes = new Set<string>();
  const visit = (e: unknown, depth: number) => {
    if (!e || typeof e !== "object" || depth > 8) return;
    const { code, apiId, errors, cause } = e as {
      code?: unknown;
      apiId?: unknown;
      errors?: unknown[];
      cause?: unknown;
    };
    if (typeof code === "string") codes.add(code);
    if (typeof apiId === "string") codes.add(apiId);
    for (const inner of errors ?? []) visit(inner, depth + 1);
    visit(cause, depth + 1);
  };
  visit(error, 0);
  return [...codes].sort();
}

/**
 * A client of the SASL_PLAINTEXT listener logged in as `username` with SCRAM-SHA-512, asking for `topic`'s metadata
 * (which the StandardAuthorizer answers only with DESCRIBE granted): the topic's partitions, or the codes of the error
 * it failed with. No retries and short timeouts, so a refusal comes within seconds; `ms` is how long it took.
 */
async function loginAs(
  cluster: KafkaCluster,
  username: string,
  password: string,
  topic: string,
): Promise<{ partitions?: number; failure?: string[]; ms: number }> {
  const started = Date.now();
  const once = {
    clientOptions: (...args: Parameters<KafkaCluster["clientOptions"]>) => ({
      ...cluster.clientOptions(...args),
      connectTimeout: 5000,
      requestTimeout: 5000,
      retries: 0,
    }),
  };
  try {
    const metadata = await withAdmin(once, (admin) => admin.metadata({ topics: [topic], forceUpdate: true }), {
      listener: "SASL_PLAINTEXT",
      mechanism: "SCRAM-SHA-512",
      username,
      password,
    });
    return { partitions: metadata.topics.get(topic)?.partitions.length ?? 0, ms: Date.now() - started };
  } catch (error) {
    return { failure: errorCodes(error), ms: Date.now() - started };
  }
}

/**
 * One suite per Kafka version, each on that version's shared `secure` cluster: one KRaft node with SASL listeners and
 * the StandardAuthorizer (ACLs enforced, `allow.everyone.if.no.acl.found=false`), reached by the service over
 * SASL_PLAINTEXT with SCRAM-SHA-512 as the super user. The file owns only names of its own (a unique prefix, principal
 * and quota user), so reruns and other tests on the shared cluster do not meet it; what it made is removed after.
 */
for (const version of ["3.9.2", "4.4.0"] as const) {
  describe(`desired state on Kafka ${version} (secure: SASL and the StandardAuthorizer): topics with configs, ACLs and a quota applied, drift, prune`, function () {
    this.timeout(600_000);
    let cluster: KafkaCluster;
    let service: TestService;
    let clusterId: string;
    const clusterName = `desired-${version.replaceAll(".", "-")}`;
    const id = uniqueTopicName("ds");
    const prefix = `${id}.`;
    const principal = `User:${id}`;
    const otherPrincipal = `User:${id}-other`;
    const orders = `${prefix}orders`;
    const audit = `${prefix}audit`;
    const topics = [
      {
        kind: "Topic",
        name: orders,
        partitions: 3,
        replicationFactor: 1,
        configs: { "retention.ms": 86_400_000, "max.message.bytes": 2_097_152 },
      },
      { kind: "Topic", name: audit, partitions: 1, replicationFactor: 1, configs: { "cleanup.policy": "compact" } },
    ];
    const binding = (operation: string, overrides: Partial<AclBinding> = {}): AclBinding =>
      ({
        resourceType: "TOPIC",
        resourceName: orders,
        patternType: "LITERAL",
        principal,
        host: "*",
        operation,
        permission: "ALLOW",
        ...overrides,
      }) as AclBinding;
    const read = binding("READ");
    const write = binding("WRITE");
    const group = binding("READ", { resourceType: "GROUP", resourceName: `${id}-`, patternType: "PREFIXED" });
    // A SCRAM user of its own file (its credential and the ACL that lets it describe the orders topic).
    const scramUser = uniqueTopicName("ds");
    const describeOrders = binding("DESCRIBE", { principal: `User:${scramUser}` });
    const scramFile = (passwordVersion: number) => ({
      path: `teams/${scramUser}.yaml`,
      documents: [
        { kind: "Scope", scramUsers: [scramUser], aclPrincipals: [`User:${scramUser}`] },
        {
          kind: "ScramUser",
          name: scramUser,
          mechanism: "SCRAM-SHA-512",
          iterations: 8192,
          password: { env: "DS_LOGIN_PASSWORD" },
          passwordVersion,
        },
        { kind: "Acl", ...describeOrders },
      ],
    });
    const quota = {
      kind: "Quota",
      entity: [{ type: "user", name: id }],
      values: { producer_byte_rate: 1_048_576, consumer_byte_rate: 2_097_152 },
    };
    const teamFile = (acls: AclBinding[], prune = false) => ({
      path: `teams/${id}.yaml`,
      documents: [
        {
          kind: "Scope",
          topics: { prefixes: [prefix] },
          aclPrincipals: [principal],
          quotaEntities: [[{ type: "user", name: id }]],
          prune,
        },
        ...topics,
        ...acls.map((b) => ({ kind: "Acl", ...b })),
        quota,
      ],
    });

    const api = <T = Reply>(method: string, path: string, body?: unknown) =>
      service.api<T & Reply>(method, path, { token: service.token, ...(body === undefined ? {} : { body }) });
    const planFiles = async (files: unknown[], extra: Record<string, unknown> = {}) => {
      const planned = await api<DesiredStatePlanResponse>("POST", `/api/v1/clusters/${clusterId}/desired-state/plan`, {
        files,
        ...extra,
      });
      expect(planned.status, planned.text).to.equal(200);
      return planned.body;
    };
    const apply = async (plan: DesiredStatePlanResponse, confirmName?: string): Promise<Operation> => {
      const op = plan.operation?.id as string;
      const confirmed = await api("POST", `/api/v1/operations/${op}/confirm`, confirmName ? { confirmName } : {});
      expect(confirmed.status, confirmed.text).to.equal(200);
      return waitFor(
        "the apply to finish",
        async () => {
          const now = (await api<Operation>("GET", `/api/v1/operations/${op}`)).body;
          return ["succeeded", "failed", "cancelled", "paused"].includes(now.status) ? now : undefined;
        },
        { timeoutMs: 300_000, intervalMs: 500 },
      );
    };
    const drift = async () => {
      const answer = await api<DesiredStateDriftResponse>("GET", `/api/v1/clusters/${clusterId}/desired-state/drift`);
      expect(answer.status, answer.text).to.equal(200);
      return answer.body;
    };
    const refreshed = async () => {
      const answer = await api<ClusterView>("POST", `/api/v1/clusters/${clusterId}/refresh`);
      expect(answer.status, answer.text).to.equal(200);
      return answer.body.health;
    };

    before(async () => {
      cluster = await getSharedCluster("secure", { version });
      service = await startTestService(clusterName);
      const superUser = cluster.spec.credentials?.superUser ?? { username: "", password: "" };
      clusterId = await service.register({
        name: clusterName,
        bootstrapServers: cluster.describe().listeners.SASL_PLAINTEXT,
        security: { protocol: "SASL_PLAINTEXT", saslMechanism: "SCRAM-SHA-512", username: superUser.username },
        secrets: { password: superUser.password },
      });
    });

    after(async () => {
      // Leave the shared cluster as found: this suite's topics, ACLs and quota removed through the service.
      if (service && clusterId) {
        for (const topic of [orders, audit])
          await api("DELETE", `/api/v1/clusters/${clusterId}/topics/${topic}`, { confirmName: topic });
        for (const b of [read, write, group, binding("READ", { principal: otherPrincipal })])
          await api("DELETE", `/api/v1/clusters/${clusterId}/acls`, b);
        await api("PUT", `/api/v1/clusters/${clusterId}/quotas`, {
          entity: [{ type: "user", name: id }],
          remove: ["producer_byte_rate", "consumer_byte_rate"],
        });
        await api("DELETE", `/api/v1/clusters/${clusterId}/acls`, describeOrders);
        await api("DELETE", `/api/v1/clusters/${clusterId}/scram-users/${scramUser}/SCRAM-SHA-512`);
      }
      await service?.stop();
    });

    it("applies a file of topics with configs, its principal's ACLs and a user quota: kafka-topics, kafka-configs and kafka-acls show each", async () => {
      const plan = await planFiles([teamFile([read, write, group])]);
      expect(plan.changes.map((c) => c.kind)).to.deep.equal([
        "createTopic",
        "createTopic",
        "createAcl",
        "createAcl",
        "createAcl",
        "setQuota",
      ]);
      expect(plan.changes[0]).to.deep.equal({
        kind: "createTopic",
        topic: orders,
        partitions: 3,
        replicationFactor: 1,
        configs: { "retention.ms": "86400000", "max.message.bytes": "2097152" },
      });
      expect(plan.irreversible).to.equal(false);
      expect(plan.operation?.type).to.equal("applyDesiredState");
      const done = await apply(plan);
      expect(done.status, JSON.stringify(done.steps)).to.equal("succeeded");
      expect(done.steps.map((s) => s.kind)).to.deep.equal([
        "createTopics",
        "createAcls",
        "alterQuotas",
        "recordDesiredState",
      ]);

      expect(await described(cluster, orders)).to.deep.equal({ partitions: 3, replicas: [1, 1, 1] });
      expect(await described(cluster, audit)).to.deep.equal({ partitions: 1, replicas: [1] });
      expect(await configsOf(cluster, "topics", orders)).to.deep.equal({
        "retention.ms": "86400000",
        "max.message.bytes": "2097152",
      });
      expect(await configsOf(cluster, "topics", audit)).to.deep.equal({ "cleanup.policy": "compact" });
      // The cluster enforces ACLs: its broker runs the StandardAuthorizer (kafka-configs --all shows the static config).
      const broker = await kafkaToolOn(cluster, CONFIGS, [
        "--entity-type",
        "brokers",
        "--entity-name",
        "1",
        "--describe",
        "--all",
      ]);
      expect(broker).to.match(
        /^\s+authorizer\.class\.name=org\.apache\.kafka\.metadata\.authorizer\.StandardAuthorizer /m,
      );
      expect(await aclsListed(cluster, ["--principal", principal])).to.deep.equal(
        [read, write, group].map(line).sort(),
      );
      expect(await quotasOf(cluster, id)).to.deep.equal([
        "consumer_byte_rate=2097152.0",
        "producer_byte_rate=1048576.0",
      ]);
    });

    it("a second plan of the same file is empty, and GET drift names the file as applied with no difference", async () => {
      const again = await planFiles([teamFile([read, write, group])]);
      expect(again).to.deep.include({ changes: [], irreversible: false });
      expect(again.operation).to.equal(undefined);
      const none = await drift();
      expect(none.applied.map((f) => f.path)).to.deep.equal([`teams/${id}.yaml`]);
      expect(none).to.deep.include({ changes: [], problems: [] });
    });

    it("an ACL removed with kafka-acls shows as drift after a refresh (desired_state_drift, a createAcl change); applying again puts it back and clears it", async () => {
      await kafkaToolOn(cluster, aclCommandOf(version), [
        "--remove",
        "--force",
        "--allow-principal",
        principal,
        "--operation",
        "Write",
        "--topic",
        orders,
      ]);
      expect(await aclsListed(cluster, ["--principal", principal])).to.deep.equal([read, group].map(line).sort());
      const health = await refreshed();
      const issue = health.issues.find((i) => i.code === "desired_state_drift");
      expect(issue?.severity, JSON.stringify(health.issues)).to.equal("warning");
      expect(issue?.message).to.include(`the ACL ALLOW WRITE on TOPIC:${orders} for ${principal} is missing`);
      expect(health.desiredStateDrift).to.equal(1);
      expect(await drift()).to.deep.include({ changes: [{ kind: "createAcl", binding: write }], problems: [] });

      const plan = await planFiles([teamFile([read, write, group])]);
      expect(plan.changes).to.deep.equal([{ kind: "createAcl", binding: write }]);
      const done = await apply(plan);
      expect(done.status, JSON.stringify(done.steps)).to.equal("succeeded");
      expect(await aclsListed(cluster, ["--principal", principal])).to.deep.equal(
        [read, write, group].map(line).sort(),
      );
      expect((await drift()).changes).to.deep.equal([]);
      const healed = await refreshed();
      expect(healed.issues.map((i) => i.code)).to.not.include("desired_state_drift");
      expect(healed.desiredStateDrift).to.equal(0);
    });

    it("prune deletes the ACL of its principal the file no longer declares, confirmed with the cluster's name; another principal's ACL on the same topic stays", async () => {
      await kafkaToolOn(cluster, aclCommandOf(version), [
        "--add",
        "--allow-principal",
        otherPrincipal,
        "--operation",
        "Read",
        "--topic",
        orders,
      ]);
      const plan = await planFiles([teamFile([read, group], true)]);
      expect(plan.changes).to.deep.equal([{ kind: "deleteAcl", binding: write }]);
      expect(plan.irreversible).to.equal(true);
      const unnamed = await api("POST", `/api/v1/operations/${plan.operation?.id}/confirm`, {});
      expect(unnamed.status, unnamed.text).to.equal(422);
      const done = await apply(plan, clusterName);
      expect(done.status, JSON.stringify(done.steps)).to.equal("succeeded");
      expect(done.steps.map((s) => s.kind)).to.deep.equal(["deleteAcls", "recordDesiredState"]);
      expect(done.steps[0]?.detail).to.deep.equal({ deleted: 1 });
      expect(done.steps[1]?.detail).to.deep.include({ recorded: true, files: [`teams/${id}.yaml`] });
      expect(await aclsListed(cluster, ["--topic", orders])).to.deep.equal(
        [read, binding("READ", { principal: otherPrincipal })].map(line).sort(),
      );
      const after = await drift();
      expect(after.applied.map((f) => f.digest)).to.deep.equal([plan.digest]);
      expect(after.changes).to.deep.equal([]);
    });
    it("a SCRAM user the file creates logs in with its password and describes the topic its ACL grants; a wrong password is refused; rotated, the new password logs in and the old one is refused", async () => {
      const passwordA = `pw-a-${uniqueTopicName("secret")}`;
      const passwordB = `pw-b-${uniqueTopicName("secret")}`;
      const passwords = (password: string) => ({
        passwords: [{ user: scramUser, mechanism: "SCRAM-SHA-512", password }],
      });
      /** Waits until `password` logs in and the metadata shows the orders topic (3 partitions), as the user sees it. */
      const logsIn = (what: string, password: string) =>
        waitFor(
          what,
          async () => {
            const login = await loginAs(cluster, scramUser, password, orders);
            if (login.partitions === undefined) throw new Error(`refused: ${login.failure?.join(", ")}`);
            return login;
          },
          { timeoutMs: 60_000, intervalMs: 300 },
        );
      /** A login that must be refused by SASL authentication (not a timeout or an authorization error), within seconds. */
      const refused = async (password: string) => {
        const login = await loginAs(cluster, scramUser, password, orders);
        expect(login.failure, JSON.stringify(login)).to.include.members([
          "PLT_KFK_AUTHENTICATION",
          "SASL_AUTHENTICATION_FAILED",
        ]);
        expect(login.ms, "refused within a bounded time").to.be.below(15_000);
      };

      const created = await planFiles([scramFile(1)], passwords(passwordA));
      expect(created.changes).to.deep.equal([
        { kind: "createAcl", binding: describeOrders },
        { kind: "createScramCredential", user: scramUser, mechanism: "SCRAM-SHA-512", iterations: 8192 },
      ]);
      const done = await apply(created);
      expect(done.status, JSON.stringify(done.steps)).to.equal("succeeded");
      expect(done.steps.map((s) => s.kind)).to.deep.equal(["createAcls", "setScramCredentials", "recordDesiredState"]);
      expect((await logsIn("a login with password A", passwordA)).partitions).to.equal(3);
      // Logged in as that user, the authorizer answers by its ACLs: the audit topic, which no ACL grants it, is denied.
      const denied = await loginAs(cluster, scramUser, passwordA, audit);
      expect(denied.failure, JSON.stringify(denied)).to.include("TOPIC_AUTHORIZATION_FAILED");
      expect(denied.failure).to.not.include("PLT_KFK_AUTHENTICATION");
      await refused(`${passwordA}-wrong`);

      const rotated = await planFiles([scramFile(2)], passwords(passwordB));
      expect(rotated.changes).to.deep.equal([
        {
          kind: "rotateScramCredential",
          user: scramUser,
          mechanism: "SCRAM-SHA-512",
          iterations: 8192,
          reason: "password version 1 → 2",
        },
      ]);
      const rotation = await apply(rotated);
      expect(rotation.status, JSON.stringify(rotation.steps)).to.equal("succeeded");
      expect((await logsIn("a login with password B", passwordB)).partitions).to.equal(3);
      // One broker: once B logs in, the credential it checks is B's and A's is gone.
      await refused(passwordA);

      const again = await planFiles([scramFile(2)]);
      expect(again).to.deep.include({ changes: [], irreversible: false });
      expect(again.operation).to.equal(undefined);
    });
  });
}
