import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ApprovalRulesSchema, parseBindingsFile, parseLdapProviders, parseOidcProviders } from "@kcp/shared";
import { runHelm } from "@kcp/test-infra";
import { expect } from "chai";
import { Deployment } from "kubernetes-models/apps/v1/Deployment";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler";
import { Ingress } from "kubernetes-models/networking.k8s.io/v1/Ingress";
import { NetworkPolicy } from "kubernetes-models/networking.k8s.io/v1/NetworkPolicy";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1/PodDisruptionBudget";
import { Role } from "kubernetes-models/rbac.authorization.k8s.io/v1/Role";
import { RoleBinding } from "kubernetes-models/rbac.authorization.k8s.io/v1/RoleBinding";
import { ConfigMap } from "kubernetes-models/v1/ConfigMap";
import { Service } from "kubernetes-models/v1/Service";
import { ServiceAccount } from "kubernetes-models/v1/ServiceAccount";
import { parseAllDocuments, stringify } from "yaml";
import { KNOWN_VARIABLES, SERVICES } from "./deployment-variables.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const CHART = join(root, "k8s", "helm", "kafka-control-plane");
const KUBE_VERSION = "1.31.0";

type Manifest = { kind: string; metadata: { name: string }; spec?: Record<string, unknown> };
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  Deployment,
  Service,
  PodDisruptionBudget,
  HorizontalPodAutoscaler,
  ConfigMap,
  NetworkPolicy,
  Ingress,
  ServiceAccount,
  Role,
  RoleBinding,
};

/** Every option the chart has, turned on. */
const EVERYTHING = {
  apiGateway: { autoscaling: { enabled: true } },
  agents: {
    signingKeySecret: "kcp-agent-key",
    urls: ["kafka-1=https://kafka-1.internal:9700", "kafka-2=https://kafka-2.internal:9700"],
    caConfigMap: "kcp-agent-ca",
  },
  ingress: { enabled: true, className: "nginx", host: "kcp.example.org", tlsSecretName: "kcp-tls" },
  serviceMonitor: { enabled: true, labels: { release: "prometheus" } },
  metrics: { tokenSecretKey: "metrics-token" },
  strimzi: { namespaces: ["kafka", "kafka-eu"] },
};

/** Single sign-on, bindings and approval: every secret a reference to an existing Secret's key. */
const IDENTITY = {
  identity: {
    oidc: {
      redirectBaseUrl: "https://kafka.example.com",
      timeoutMs: 3000,
      providers: [
        {
          id: "corp",
          name: "Corp SSO",
          issuer: "https://keycloak.example.com/realms/corp",
          clientId: "kafka-console",
          clientSecret: { existingSecret: "kcp-identity", key: "corp-client-secret" },
          groupsClaim: "realm_access.roles",
        },
        { id: "public", name: "Public client", issuer: "https://idp.example.com", clientId: "kcp" },
      ],
    },
    ldap: {
      providers: [
        {
          id: "dir",
          name: "Corporate directory",
          url: "ldap://ldap.corp.example:389",
          startTls: true,
          ca: { existingConfigMap: "corp-ca", key: "ca.crt" },
          bind: {
            mode: "search",
            bindDn: "cn=kcp-reader,ou=services,dc=corp,dc=example",
            bindPassword: { existingSecret: "kcp-identity", key: "ldap-bind-password" },
            userBase: "ou=people,dc=corp,dc=example",
            userFilter: "(&(objectClass=inetOrgPerson)(uid={username}))",
          },
          groups: { base: "ou=groups,dc=corp,dc=example", nested: true },
        },
        {
          id: "ad",
          name: "Active Directory",
          url: "ldaps://dc1.corp.example:636",
          ca: { existingSecret: "kcp-ad-ca", key: "ca.crt" },
          bind: { mode: "direct", dnTemplate: "{username}@corp.example" },
          groups: { base: "dc=corp,dc=example" },
        },
      ],
    },
  },
  access: {
    bindings: [
      {
        subject: { kind: "group", source: "corp", group: "payments" },
        role: "operator",
        clusters: { labels: { env: "prod" } },
        resources: { topics: ["payments.*"], groups: ["payments-*"] },
        team: "payments",
      },
    ],
  },
  approval: { rules: [{ name: "prod", clusters: { labels: { env: "prod" } } }] },
};

describe("Helm chart k8s/helm/kafka-control-plane (helm lint, helm template, values schema)", function () {
  this.timeout(600_000);
  let folder: string;
  const valuesFile = async (values: object) => {
    const file = join(folder, `values-${Math.random().toString(36).slice(2)}.yaml`);
    await writeFile(file, stringify(values));
    return file;
  };
  // As a cluster of that version would report it (helm built from source defaults to an old one without a cluster).
  const render = async (...args: string[]): Promise<Manifest[]> =>
    parseAllDocuments(await runHelm(["template", "kcp", CHART, "--kube-version", KUBE_VERSION, ...args], root))
      .map((document) => document.toJS() as Manifest)
      .filter((manifest) => manifest !== null);
  const named = (manifests: Manifest[], kind: string) =>
    manifests.filter((m) => m.kind === kind).map((m) => m.metadata.name.replace(/^kcp-kafka-control-plane-?/, ""));

  before(async () => {
    folder = await mkdtemp(join(tmpdir(), "kcp-helm-"));
  });
  after(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it("passes helm lint --strict with its defaults and with every option on", async () => {
    await runHelm(["lint", "--strict", CHART], root);
    await runHelm(["lint", "--strict", CHART, "-f", await valuesFile(EVERYTHING)], root);
  });

  it("renders a Deployment and a Service per service, all valid Kubernetes objects, secrets only by reference", async () => {
    const manifests = await render();
    for (const manifest of manifests) {
      const Model = MODELS[manifest.kind];
      expect(Model, manifest.kind).to.not.equal(undefined);
      expect(
        () => new (Model as NonNullable<typeof Model>)(manifest as never).validate(),
        manifest.kind,
      ).to.not.throw();
    }
    expect(named(manifests, "Deployment")).to.have.members(SERVICES);
    expect(named(manifests, "Service")).to.have.members(SERVICES);
    expect(named(manifests, "Secret"), "the chart never holds a secret").to.deep.equal([]);
    for (const deployment of manifests.filter((m) => m.kind === "Deployment") as unknown as Deployment[]) {
      const container = deployment.spec?.template.spec?.containers[0];
      const service = container?.name ?? "";
      expect(container?.command).to.deep.equal(["node", `services/${service}/dist/main.js`]);
      expect(container?.image).to.equal("kafka-control-plane:0.1.0");
      expect(container?.readinessProbe?.httpGet?.path).to.equal("/readyz");
      const fromSecret = (container?.env ?? []).filter((e) => e.valueFrom?.secretKeyRef).map((e) => e.name);
      expect(fromSecret, service).to.include.members(["SECRET_KEY", "MONGO_URL", "REDIS_URL"]);
      expect(
        (container?.env ?? []).filter((e) => e.value !== undefined),
        service,
      ).to.deep.equal([]);
    }
    const config = manifests.find((m) => m.kind === "ConfigMap") as unknown as { data: Record<string, string> };
    expect(config.data).to.include({ STORE: "mongo", QUEUE: "bullmq", LOG_LEVEL: "info" });
    for (const key of Object.keys(config.data)) expect(KNOWN_VARIABLES, key).to.include(key);
  });

  it("trusts no proxy by default (X-Forwarded-For ignored), and exactly the addresses a value names", async () => {
    const configOf = async (values: object) =>
      (
        (await render("-f", await valuesFile(values))).find((m) => m.kind === "ConfigMap") as unknown as {
          data: Record<string, string>;
        }
      ).data;
    expect((await configOf({})).TRUST_PROXY).to.equal("false");
    expect((await configOf(EVERYTHING)).TRUST_PROXY, "an Ingress alone trusts nothing more").to.equal("false");
    const named = { config: { TRUST_PROXY: "10.42.0.17,10.42.1.23" } };
    expect((await configOf(named)).TRUST_PROXY).to.equal("10.42.0.17,10.42.1.23");
  });

  it("leaves replicas to the HorizontalPodAutoscaler where there is one, and drains the gateway before it stops", async () => {
    for (const values of [{}, EVERYTHING]) {
      const manifests = await render("-f", await valuesFile(values));
      const scaled = new Set(named(manifests, "HorizontalPodAutoscaler"));
      expect(scaled.size).to.be.greaterThan(0);
      for (const deployment of manifests.filter((m) => m.kind === "Deployment")) {
        const name = deployment.metadata.name.replace(/^kcp-kafka-control-plane-/, "");
        expect(deployment.spec?.replicas === undefined, `${name}: replicas set only without an HPA`).to.equal(
          scaled.has(name),
        );
      }
      const gateway = manifests.find((m) => m.kind === "Deployment" && m.metadata.name.endsWith("api-gateway"));
      const container = (gateway as unknown as Deployment).spec?.template.spec?.containers[0];
      expect(container?.lifecycle?.preStop?.exec?.command).to.deep.equal(["sleep", "5"]);
    }
    expect(named(await render(), "HorizontalPodAutoscaler")).to.have.members(["collector", "operations-worker"]);
    expect(named(await render("-f", await valuesFile(EVERYTHING)), "HorizontalPodAutoscaler")).to.include(
      "api-gateway",
    );
  });

  it("with every option: an Ingress to the gateway, a ServiceMonitor on /metrics, the agents' key, URLs and CA", async () => {
    const manifests = await render("-f", await valuesFile(EVERYTHING));
    const ingress = manifests.find((m) => m.kind === "Ingress") as unknown as Ingress;
    expect(() => new Ingress(ingress).validate()).to.not.throw();
    expect(ingress.spec?.rules?.[0]?.host).to.equal("kcp.example.org");
    expect(ingress.spec?.rules?.[0]?.http?.paths[0]?.backend.service?.name).to.equal(
      "kcp-kafka-control-plane-api-gateway",
    );
    expect(ingress.spec?.tls?.[0]?.secretName).to.equal("kcp-tls");
    const monitor = manifests.find((m) => m.kind === "ServiceMonitor") as unknown as {
      apiVersion: string;
      metadata: { labels: Record<string, string> };
      spec: { endpoints: { port: string; path: string }[] };
    };
    expect(monitor.apiVersion).to.equal("monitoring.coreos.com/v1");
    expect(monitor.metadata.labels).to.include({ release: "prometheus" });
    expect(monitor.spec.endpoints).to.deep.equal([
      {
        port: "http",
        path: "/metrics",
        interval: "30s",
        bearerTokenSecret: { name: "kafka-control-plane", key: "metrics-token" },
      },
    ]);
    for (const deployment of manifests.filter((m) => m.kind === "Deployment") as unknown as Deployment[]) {
      const pod = deployment.spec?.template.spec;
      const container = pod?.containers[0];
      const signs = ["collector", "operations-worker"].includes(container?.name ?? "");
      const keyFile = container?.env?.find((e) => e.name === "AGENT_SIGNING_KEY_FILE")?.value;
      expect(keyFile, container?.name).to.equal(signs ? "/etc/kafka-control-plane/agents/signing-key.pem" : undefined);
      const caFile = container?.env?.find((e) => e.name === "AGENT_CA_FILE")?.value;
      expect(caFile, container?.name).to.equal(signs ? "/etc/kafka-control-plane/agents-ca/ca.pem" : undefined);
      if (signs) {
        expect(pod?.volumes?.[0]?.secret?.secretName).to.equal("kcp-agent-key");
        expect(pod?.volumes?.[1]?.configMap?.name).to.equal("kcp-agent-ca");
        expect(container?.volumeMounts?.map((m) => m.mountPath)).to.deep.equal([
          "/etc/kafka-control-plane/agents",
          "/etc/kafka-control-plane/agents-ca",
        ]);
      }
    }
    // Every agent pinned in the ConfigMap every service reads (the gateway checks registrations against it).
    const config = manifests.find((m) => m.kind === "ConfigMap") as unknown as { data: Record<string, string> };
    expect(config.data.AGENT_URLS).to.equal(
      "kafka-1=https://kafka-1.internal:9700,kafka-2=https://kafka-2.internal:9700",
    );
  });

  it("metrics.tokenSecretKey: every service gets METRICS_TOKEN from that key of the Secret; none by default", async () => {
    const tokenOf = async (values: object) =>
      (
        (await render("-f", await valuesFile(values))).filter((m) => m.kind === "Deployment") as unknown as Deployment[]
      ).map((d) => d.spec?.template.spec?.containers[0]?.env?.find((e) => e.name === "METRICS_TOKEN")?.valueFrom);
    expect(await tokenOf(EVERYTHING)).to.deep.equal(
      Array(4).fill({ secretKeyRef: { name: "kafka-control-plane", key: "metrics-token" } }),
    );
    expect(await tokenOf({})).to.deep.equal(Array(4).fill(undefined));
  });

  it("Strimzi namespaces: a Role per namespace with what the provider needs, bound to the collector's and worker's account; no token otherwise", async () => {
    const manifests = await render("-f", await valuesFile(EVERYTHING));
    for (const manifest of manifests.filter((m) => ["ServiceAccount", "Role", "RoleBinding"].includes(m.kind))) {
      const Model = MODELS[manifest.kind] as NonNullable<(typeof MODELS)[string]>;
      expect(() => new Model(manifest as never).validate(), manifest.kind).to.not.throw();
    }
    const roles = manifests.filter((m) => m.kind === "Role") as unknown as Role[];
    expect(roles.map((r) => r.metadata?.namespace)).to.deep.equal(["kafka", "kafka-eu"]);
    expect(roles[0]?.rules?.map((r) => `${r.apiGroups?.[0]}/${r.resources?.[0]}:${r.verbs.join(",")}`)).to.deep.equal([
      "kafka.strimzi.io/kafkas:get,patch",
      "kafka.strimzi.io/kafkanodepools:get,list,patch",
      "kafka.strimzi.io/kafkanodepools/scale:get,patch",
      "core.strimzi.io/strimzipodsets:get,list,patch",
      "/pods:get,list,patch",
    ]);
    const bindings = manifests.filter((m) => m.kind === "RoleBinding") as unknown as RoleBinding[];
    expect(bindings.map((b) => b.subjects?.[0]?.name)).to.deep.equal([
      "kcp-kafka-control-plane-strimzi",
      "kcp-kafka-control-plane-strimzi",
    ]);
    const accounts = (file: string) =>
      render("-f", file).then((all) =>
        Object.fromEntries(
          (all.filter((m) => m.kind === "Deployment") as unknown as Deployment[]).map((d) => [
            d.spec?.template.spec?.containers[0]?.name,
            d.spec?.template.spec?.serviceAccountName ?? `token ${d.spec?.template.spec?.automountServiceAccountToken}`,
          ]),
        ),
      );
    expect(await accounts(await valuesFile(EVERYTHING))).to.deep.equal({
      "api-gateway": "token false",
      collector: "kcp-kafka-control-plane-strimzi",
      "operations-worker": "kcp-kafka-control-plane-strimzi",
      audit: "token false",
    });
    expect(Object.values(await accounts(await valuesFile({})))).to.deep.equal(Array(4).fill("token false"));
  });

  it("NetworkPolicies: the workers' ingress, and every pod's egress to DNS, its own pods, and the store, queue, Kafka and agent ranges of the values", async () => {
    const policies = async (values: object) =>
      (await render("-f", await valuesFile(values))).filter(
        (m) => m.kind === "NetworkPolicy",
      ) as unknown as NetworkPolicy[];
    const egressOf = (all: NetworkPolicy[]) => all.find((p) => p.metadata?.name === "kcp-kafka-control-plane-egress");
    const byDefault = await policies({});
    expect(byDefault.map((p) => [p.metadata?.name, p.spec?.policyTypes])).to.deep.equal([
      ["kcp-kafka-control-plane", ["Ingress"]],
      ["kcp-kafka-control-plane-egress", ["Egress"]],
    ]);
    const egress = egressOf(byDefault);
    expect(egress?.spec?.podSelector?.matchExpressions?.[1]?.values).to.deep.equal([
      "api-gateway",
      "collector",
      "operations-worker",
      "audit",
    ]);
    const rules = egress?.spec?.egress ?? [];
    expect(rules[0], "DNS anywhere").to.deep.equal({
      ports: [
        { protocol: "UDP", port: 53 },
        { protocol: "TCP", port: 53 },
      ],
    });
    expect(rules[1]?.to).to.deep.equal([
      { podSelector: { matchLabels: { "app.kubernetes.io/part-of": "kafka-control-plane" } } },
    ]);
    const everywhere = [{ namespaceSelector: {} }, { ipBlock: { cidr: "0.0.0.0/0", except: ["169.254.0.0/16"] } }];
    expect(rules.slice(2), "store, queue, Kafka, agents: everywhere but the metadata services").to.deep.equal([
      { to: everywhere, ports: [{ protocol: "TCP", port: 27017 }] },
      { to: everywhere, ports: [{ protocol: "TCP", port: 6379 }] },
      { to: everywhere },
      { to: everywhere },
    ]);
    const narrowed = egressOf(
      await policies({
        networkPolicy: {
          egress: {
            store: { cidrs: ["10.20.0.0/16"], inCluster: false, ports: [27017] },
            queue: { cidrs: ["10.21.0.5/32"], inCluster: false, ports: [6380] },
            kafka: { cidrs: ["10.30.0.0/16", "192.168.7.0/24"], inCluster: false, ports: [9092, 9093] },
            agents: { cidrs: [], inCluster: false, ports: [] },
            extra: [{ to: [{ podSelector: { matchLabels: { app: "mongodb" } } }], ports: [{ port: 27017 }] }],
          },
        },
      }),
    );
    expect(narrowed?.spec?.egress?.slice(2)).to.deep.equal([
      { to: [{ ipBlock: { cidr: "10.20.0.0/16" } }], ports: [{ protocol: "TCP", port: 27017 }] },
      { to: [{ ipBlock: { cidr: "10.21.0.5/32" } }], ports: [{ protocol: "TCP", port: 6380 }] },
      {
        to: [{ ipBlock: { cidr: "10.30.0.0/16" } }, { ipBlock: { cidr: "192.168.7.0/24" } }],
        ports: [
          { protocol: "TCP", port: 9092 },
          { protocol: "TCP", port: 9093 },
        ],
      },
      { to: [{ podSelector: { matchLabels: { app: "mongodb" } } }], ports: [{ port: 27017 }] },
    ]);
    expect(() => new NetworkPolicy(narrowed as never).validate()).to.not.throw();
    expect(egressOf(await policies({ networkPolicy: { egress: { enabled: false } } }))).to.equal(undefined);
    expect(await policies({ networkPolicy: { enabled: false } })).to.deep.equal([]);
  });

  it("refuses values its schema does not allow, naming them, and renders nothing", async () => {
    const refused = async (values: object) =>
      render("-f", await valuesFile(values)).then(
        () => "rendered",
        (error: Error) => error.message,
      );
    expect(await refused({ apiGateway: { replicas: "two" } })).to.match(/apiGateway.*replicas/s);
    expect(await refused({ config: { SECRET_KEY: "in plain text" } }), "secrets do not go in config").to.match(
      /invalid propertyName 'SECRET_KEY'/,
    );
    expect(await refused({ ingres: { enabled: true } }), "a typo").to.match(/ingres/);
    expect(await refused({ image: { pullPolicy: "Sometimes" } })).to.match(/pullPolicy/);
    expect(await refused({ networkPolicy: { egress: { kafka: { cidrs: ["kafka.example"], ports: [] } } } })).to.match(
      /networkPolicy.*egress.*kafka/s,
    );
    expect(await refused({ agents: { urls: ["kafka-1=http://kafka-1.internal:9700"] } }), "https only").to.match(
      /agents.*urls/s,
    );
  });

  describe("identity: single sign-on providers, bindings and approval rules", () => {
    type Pod = NonNullable<NonNullable<Deployment["spec"]>["template"]["spec"]>;
    const IDENTITY_DIR = "/etc/kafka-control-plane/identity";
    const SECRETS_DIR = "/etc/kafka-control-plane/identity-secrets";
    const podsOf = (manifests: Manifest[]) =>
      Object.fromEntries(
        (manifests.filter((m) => m.kind === "Deployment") as unknown as Deployment[]).map((d) => [
          d.spec?.template.spec?.containers[0]?.name ?? "",
          { pod: d.spec?.template.spec as Pod, annotations: d.spec?.template.metadata?.annotations ?? {} },
        ]),
      );
    const envOf = (pod: Pod) =>
      Object.fromEntries((pod.containers[0]?.env ?? []).map((e) => [e.name, e.value ?? e.valueFrom]));
    /** What a container sees at each mounted file path: a ConfigMap's or Secret's key, by name. */
    const filesOf = (pod: Pod) => {
      const files: Record<string, string> = {};
      for (const mount of pod.containers[0]?.volumeMounts ?? []) {
        const volume = pod.volumes?.find((v) => v.name === mount.name);
        for (const item of volume?.configMap?.items ?? [])
          files[`${mount.mountPath}/${item.path}`] = `configMap ${volume?.configMap?.name} ${item.key}`;
        for (const source of volume?.projected?.sources ?? []) {
          for (const item of source.secret?.items ?? [])
            files[`${mount.mountPath}/${item.path}`] = `secret ${source.secret?.name} ${item.key}`;
          for (const item of source.configMap?.items ?? [])
            files[`${mount.mountPath}/${item.path}`] = `configMap ${source.configMap?.name} ${item.key}`;
        }
      }
      return files;
    };
    const identityConfigMap = (manifests: Manifest[]) =>
      manifests.find((m) => m.kind === "ConfigMap" && m.metadata.name === "kcp-kafka-control-plane-identity") as
        | (Manifest & { data: Record<string, string> })
        | undefined;

    it("passes helm lint --strict with providers, bindings and rules beside every other option", async () => {
      await runHelm(
        ["lint", "--strict", CHART, "-f", await valuesFile(EVERYTHING), "-f", await valuesFile(IDENTITY)],
        root,
      );
    });

    it("mounts each secret from its Secret as a file into the gateway alone, and names it in files the gateway accepts", async () => {
      const manifests = await render("-f", await valuesFile(IDENTITY));
      for (const manifest of manifests) {
        const Model = MODELS[manifest.kind] as NonNullable<(typeof MODELS)[string]>;
        expect(() => new Model(manifest as never).validate(), manifest.kind).to.not.throw();
      }
      expect(named(manifests, "Secret"), "the chart never holds a secret").to.deep.equal([]);
      const pods = podsOf(manifests);
      const gateway = (pods["api-gateway"] as NonNullable<(typeof pods)[string]>).pod;
      const files = filesOf(gateway);
      expect(files).to.deep.equal({
        [`${IDENTITY_DIR}/access-bindings.json`]: "configMap kcp-kafka-control-plane-identity access-bindings.json",
        [`${IDENTITY_DIR}/approval-rules.json`]: "configMap kcp-kafka-control-plane-identity approval-rules.json",
        [`${IDENTITY_DIR}/ldap-providers.json`]: "configMap kcp-kafka-control-plane-identity ldap-providers.json",
        [`${IDENTITY_DIR}/oidc-providers.json`]: "configMap kcp-kafka-control-plane-identity oidc-providers.json",
        [`${SECRETS_DIR}/oidc-corp-client-secret`]: "secret kcp-identity corp-client-secret",
        [`${SECRETS_DIR}/ldap-dir-ca.pem`]: "configMap corp-ca ca.crt",
        [`${SECRETS_DIR}/ldap-dir-bind-password`]: "secret kcp-identity ldap-bind-password",
        [`${SECRETS_DIR}/ldap-ad-ca.pem`]: "secret kcp-ad-ca ca.crt",
      });
      // Read-only, group-readable by the pod's own group only (fsGroup: the files' group; the user is not root).
      expect(gateway.volumes?.find((v) => v.name === "identity-secrets")?.projected?.defaultMode).to.equal(0o440);
      expect(gateway.securityContext).to.include({ fsGroup: 1000, runAsUser: 1000, runAsNonRoot: true });
      expect(gateway.containers[0]?.volumeMounts?.every((m) => m.readOnly)).to.equal(true);

      // The gateway's settings name the mounted files.
      expect(envOf(gateway)).to.include({
        OIDC_PROVIDERS_FILE: `${IDENTITY_DIR}/oidc-providers.json`,
        OIDC_REDIRECT_BASE_URL: "https://kafka.example.com",
        OIDC_TIMEOUT_MS: "3000",
        LDAP_PROVIDERS_FILE: `${IDENTITY_DIR}/ldap-providers.json`,
        LDAP_TIMEOUT_MS: "5000",
        ACCESS_BINDINGS_FILE: `${IDENTITY_DIR}/access-bindings.json`,
        APPROVAL_RULES_FILE: `${IDENTITY_DIR}/approval-rules.json`,
      });
      for (const name of Object.keys(envOf(gateway))) expect(KNOWN_VARIABLES, name).to.include(name);

      // The files, as the gateway parses them: each secret a path of a file mounted from a Secret, none a value.
      const data = identityConfigMap(manifests)?.data ?? {};
      expect(Object.keys(data).sort()).to.deep.equal([
        "access-bindings.json",
        "approval-rules.json",
        "ldap-providers.json",
        "oidc-providers.json",
      ]);
      const oidc = parseOidcProviders(data["oidc-providers.json"] ?? "");
      expect(oidc.map((p) => [p.id, p.clientSecretFile, p.groupsClaim])).to.deep.equal([
        ["corp", `${SECRETS_DIR}/oidc-corp-client-secret`, "realm_access.roles"],
        ["public", undefined, "groups"],
      ]);
      const ldap = parseLdapProviders(data["ldap-providers.json"] ?? "");
      expect(
        ldap.map((p) => [p.id, p.caFile, p.bind.mode === "search" ? p.bind.bindPasswordFile : p.bind.mode]),
      ).to.deep.equal([
        ["dir", `${SECRETS_DIR}/ldap-dir-ca.pem`, `${SECRETS_DIR}/ldap-dir-bind-password`],
        ["ad", `${SECRETS_DIR}/ldap-ad-ca.pem`, "direct"],
      ]);
      for (const path of [...oidc.map((p) => p.clientSecretFile), ...ldap.map((p) => p.caFile)].filter(Boolean))
        expect(files[path as string], path).to.match(/^(secret|configMap) /);
      expect(parseBindingsFile("access-bindings.json", data["access-bindings.json"] ?? "")).to.deep.equal(
        IDENTITY.access.bindings,
      );
      expect(ApprovalRulesSchema.parse(JSON.parse(data["approval-rules.json"] ?? ""))).to.deep.equal(
        IDENTITY.approval.rules,
      );
      for (const config of manifests.filter((m) => m.kind === "ConfigMap") as unknown as ConfigMap[])
        expect(JSON.stringify(config.data), config.metadata?.name).to.not.match(/"(clientSecret|bindPassword)"/);

      // Only the gateway gets the providers, the secrets and the bindings; the worker the approval rules its autopilot
      // plans under; the collector and the audit service nothing.
      const worker = (pods["operations-worker"] as NonNullable<(typeof pods)[string]>).pod;
      expect(filesOf(worker)).to.deep.equal({
        [`${IDENTITY_DIR}/approval-rules.json`]: "configMap kcp-kafka-control-plane-identity approval-rules.json",
      });
      expect(envOf(worker).APPROVAL_RULES_FILE).to.equal(`${IDENTITY_DIR}/approval-rules.json`);
      expect(worker.securityContext?.fsGroup).to.equal(undefined);
      for (const service of ["collector", "audit"]) {
        const pod = (pods[service] as NonNullable<(typeof pods)[string]>).pod;
        expect(pod.volumes, service).to.equal(undefined);
        expect(
          Object.keys(envOf(pod)).filter((n) => /OIDC|LDAP|ACCESS|APPROVAL/.test(n)),
          service,
        ).to.deep.equal([]);
      }
      for (const service of ["operations-worker", "collector", "audit"]) {
        const env = envOf((pods[service] as NonNullable<(typeof pods)[string]>).pod);
        expect(
          Object.keys(env).filter((n) => /OIDC|LDAP|ACCESS_BINDINGS/.test(n)),
          service,
        ).to.deep.equal([]);
      }
    });

    it("rolls the pods that read a file when its values change (checksum/identity), and none without them", async () => {
      const checksums = async (values: object) =>
        Object.fromEntries(
          Object.entries(podsOf(await render("-f", await valuesFile(values)))).map(([service, { annotations }]) => [
            service,
            annotations["checksum/identity"],
          ]),
        );
      const before = await checksums(IDENTITY);
      expect(before["api-gateway"]).to.match(/^[0-9a-f]{64}$/);
      expect(before["operations-worker"]).to.match(/^[0-9a-f]{64}$/);
      expect(before.collector).to.equal(undefined);
      const binding = IDENTITY.access.bindings[0] as (typeof IDENTITY.access.bindings)[number];
      const bindingChanged = await checksums({
        ...IDENTITY,
        access: { bindings: [{ ...binding, resources: { topics: ["payments.*", "refunds.*"] } }] },
      });
      expect(bindingChanged["api-gateway"], "a binding changed: the gateway rolls").to.not.equal(before["api-gateway"]);
      expect(bindingChanged["operations-worker"], "the worker reads no binding").to.equal(before["operations-worker"]);
      const secretMoved = await checksums({
        ...IDENTITY,
        identity: {
          ...IDENTITY.identity,
          oidc: {
            ...IDENTITY.identity.oidc,
            providers: [
              {
                ...(IDENTITY.identity.oidc.providers[0] as object),
                clientSecret: { existingSecret: "kcp-identity-2", key: "corp-client-secret" },
              },
            ],
          },
        },
      });
      expect(secretMoved["api-gateway"], "a client secret from another Secret").to.not.equal(before["api-gateway"]);
      const rulesChanged = await checksums({ ...IDENTITY, approval: { rules: [{ clusters: { all: true } }] } });
      expect(rulesChanged["api-gateway"]).to.not.equal(before["api-gateway"]);
      expect(rulesChanged["operations-worker"], "the worker's rules changed").to.not.equal(before["operations-worker"]);
      expect(Object.values(await checksums({})), "no identity values: no annotation").to.deep.equal(
        Array(4).fill(undefined),
      );
      expect(identityConfigMap(await render()), "nor a ConfigMap").to.equal(undefined);
    });

    it("refuses a secret given as text or as a path, a provider without the redirect base URL, and the files in config", async () => {
      const refused = async (values: object) =>
        render("-f", await valuesFile(values)).then(
          () => "rendered",
          (error: Error) => error.message,
        );
      const oidc = (provider: object, redirectBaseUrl = "https://kafka.example.com") => ({
        identity: {
          oidc: {
            redirectBaseUrl,
            providers: [{ id: "corp", name: "Corp", issuer: "https://idp", clientId: "c", ...provider }],
          },
        },
      });
      expect(await refused(oidc({ clientSecret: "s3cr3t-in-plain-text" }))).to.match(/providers\/0\/clientSecret/);
      expect(await refused(oidc({ clientSecretFile: "/run/secrets/corp" }))).to.match(/providers\/0\/clientSecretFile/);
      expect(await refused(oidc({}, ""))).to.match(/identity\.oidc\.redirectBaseUrl is required/);
      const ldapBind = (bind: object) => ({
        identity: {
          ldap: {
            providers: [
              {
                id: "dir",
                name: "Dir",
                url: "ldaps://ldap",
                groups: { base: "dc=x" },
                bind: { mode: "search", ...bind },
              },
            ],
          },
        },
      });
      expect(await refused(ldapBind({ bindPassword: "plain" }))).to.match(/bind\/bindPassword/);
      expect(await refused(ldapBind({ bindPasswordFile: "/x" }))).to.match(/bind\/bindPasswordFile/);
      expect(await refused({ config: { ACCESS_BINDINGS_FILE: "/etc/bindings.json" } })).to.match(
        /invalid propertyName 'ACCESS_BINDINGS_FILE'/,
      );
    });
  });
});
