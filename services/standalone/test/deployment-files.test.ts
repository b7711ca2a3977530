import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { KAFKA_VERSIONS } from "@kcp/test-infra";
import { expect } from "chai";
import { Deployment } from "kubernetes-models/apps/v1/Deployment";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler";
import { NetworkPolicy } from "kubernetes-models/networking.k8s.io/v1/NetworkPolicy";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1/PodDisruptionBudget";
import { ConfigMap } from "kubernetes-models/v1/ConfigMap";
import { Service } from "kubernetes-models/v1/Service";
import { parse, parseAllDocuments } from "yaml";
import { KNOWN_VARIABLES, SERVICES } from "./deployment-variables.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const read = (path: string) => readFileSync(join(root, path), "utf8");

type ComposeService = { image?: string; command?: string[]; environment?: Record<string, unknown>; build?: string };

describe("deployment files (no container engine here: what can be checked without one)", () => {
  describe("docker-compose.yml", () => {
    const compose = parse(read("docker-compose.yml"), { merge: true }) as { services: Record<string, ComposeService> };

    it("has MongoDB, Redis, an Apache Kafka broker of a tested version, and every service", () => {
      expect(Object.keys(compose.services)).to.have.members(["mongo", "redis", "kafka", ...SERVICES]);
      const kafka = /^apache\/kafka:(.+)$/.exec(compose.services.kafka?.image ?? "")?.[1];
      expect(KAFKA_VERSIONS as readonly string[]).to.include(kafka);
      expect(compose.services.mongo?.image).to.match(/^mongo:7\./);
      expect(compose.services.redis?.image).to.match(/^redis:7\./);
    });

    it("runs each service's built entry point, with variables the services read (secrets only from the caller)", () => {
      for (const name of SERVICES) {
        const service = compose.services[name] as ComposeService;
        expect(service.command, name).to.deep.equal(["node", `services/${name}/dist/main.js`]);
        expect(existsSync(join(root, "services", name, "src", "main.ts")), name).to.equal(true);
        const start = JSON.parse(read(`services/${name}/package.json`)).scripts.start;
        expect(start, name).to.equal("node dist/main.js");
        const environment = service.environment ?? {};
        for (const key of Object.keys(environment)) expect(KNOWN_VARIABLES, `${name}: ${key}`).to.include(key);
        expect(environment).to.include({ STORE: "mongo", QUEUE: "bullmq" });
        expect(String(environment.SECRET_KEY)).to.match(/^\$\{SECRET_KEY:\?/);
      }
      expect(String(compose.services["api-gateway"]?.environment?.ADMIN_PASSWORD)).to.match(/^\$\{ADMIN_PASSWORD:\?/);
    });

    it("interpolates only variables with a default or a required message", () => {
      for (const [, expression] of read("docker-compose.yml").matchAll(/\$\{([^}]*)\}/g))
        expect(expression, expression).to.match(/^[A-Z_]+(:-|:\?)/);
    });
  });

  describe("Dockerfile", () => {
    const dockerfile = read("Dockerfile");
    const runs = [...dockerfile.matchAll(/^RUN (.+)$/gm)].map((m) => m[1]?.trim());

    it("builds as the tests do: the bootstrap's install and a turbo build of every service's entry point", () => {
      const install = /npm install --no-save --no-audit --no-fund --loglevel=error/;
      expect(read("scripts/bootstrap.sh")).to.match(install);
      expect(runs.some((run) => install.test(run ?? ""))).to.equal(true);
      const build = runs.find((run) => run?.startsWith("npx turbo run build")) ?? "";
      for (const name of ["standalone", ...SERVICES]) expect(build).to.include(`--filter=@kcp/${name}...`);
      expect(read("scripts/test.sh")).to.include("npx turbo run build --filter=@kcp/standalone...");
    });

    it("installs dependencies from the manifests alone, before the sources: a code edit does not reinstall them", () => {
      const build = dockerfile.slice(dockerfile.indexOf("AS build"));
      const install = build.indexOf("RUN npm install");
      expect(install).to.be.greaterThan(0);
      expect(build.slice(0, install)).to.match(/^COPY --from=manifests \/manifests\/ \.\/$/m);
      expect(build.slice(0, install), "no source copied before the install").to.not.match(
        /^COPY (apps|libs|services)/m,
      );
      expect(build.slice(install)).to.match(/^COPY libs \.\/libs$/m);
      const manifests = dockerfile.slice(dockerfile.indexOf("AS manifests"), dockerfile.indexOf("AS build"));
      expect(manifests).to.match(/-name package\.json/);
    });

    it("runs as a non-root user with production dependencies only, a health check and the standalone default", () => {
      const final = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
      expect(final).to.match(/^USER node$/m);
      expect(runs).to.include("npm prune --omit=dev --no-audit --no-fund --loglevel=error");
      expect(final).to.match(/^HEALTHCHECK .*\n\s+CMD .*\/healthz/m);
      expect(final).to.match(/^CMD \["node", "services\/standalone\/dist\/main\.js"\]$/m);
      expect(dockerfile.match(/^FROM node:(\d+)/m)?.[1]).to.equal(process.versions.node.split(".")[0]);
    });
  });

  it("has the LICENSE its package.json names (Apache-2.0)", () => {
    expect(JSON.parse(read("package.json")).license).to.equal("Apache-2.0");
    expect(read("LICENSE")).to.match(/^\s*Apache License\s+Version 2\.0, January 2004/);
    expect(read("LICENSE")).to.include("END OF TERMS AND CONDITIONS");
  });

  describe("k8s/base (Kustomize)", () => {
    const kustomization = parse(read("k8s/base/kustomization.yaml")) as { resources: string[] };
    const documents = kustomization.resources.flatMap((file) =>
      parseAllDocuments(read(`k8s/base/${file}`)).map(
        (doc) => doc.toJS() as { kind: string; metadata: { name: string } },
      ),
    );
    const models: Record<string, new (data: never) => { validate(): void }> = {
      Deployment,
      Service,
      PodDisruptionBudget,
      HorizontalPodAutoscaler,
      ConfigMap,
      NetworkPolicy,
    };

    it("validates every manifest against the Kubernetes schemas (kubernetes-models), and the schemas catch a typo", () => {
      for (const document of documents) {
        const Model = models[document.kind];
        expect(Model, document.kind).to.not.equal(undefined);
        expect(
          () => new (Model as NonNullable<typeof Model>)(document as never).validate(),
          `${document.kind} ${document.metadata.name}`,
        ).to.not.throw();
      }
      const typo = { ...(documents.find((d) => d.kind === "Deployment") as object), spec: { replica: 2 } };
      expect(() => new Deployment(typo as never).validate()).to.throw();
    });

    it("has a Deployment per service with probes, resources, a non-root context and secrets by reference", () => {
      const kinds = (kind: string) => documents.filter((d) => d.kind === kind).map((d) => d.metadata.name);
      expect(kinds("Deployment")).to.have.members(SERVICES);
      expect(kinds("Service")).to.have.members(SERVICES);
      expect(kinds("HorizontalPodAutoscaler")).to.have.members(["collector", "operations-worker"]);
      expect(kinds("PodDisruptionBudget")).to.include.members(["api-gateway", "collector", "operations-worker"]);
      expect(kinds("NetworkPolicy")).to.deep.equal(["kafka-control-plane", "kafka-control-plane-egress"]);
      for (const deployment of documents.filter((d) => d.kind === "Deployment") as unknown as Deployment[]) {
        const pod = deployment.spec?.template.spec;
        const container = pod?.containers[0];
        const name = deployment.metadata?.name;
        expect(pod?.securityContext?.runAsNonRoot, name).to.equal(true);
        expect(container?.command, name).to.deep.equal(["node", `services/${name}/dist/main.js`]);
        expect(container?.readinessProbe?.httpGet?.path, name).to.equal("/readyz");
        expect(container?.livenessProbe?.httpGet?.path, name).to.equal("/healthz");
        expect(container?.resources?.requests, name).to.have.keys(["cpu", "memory"]);
        expect(container?.resources?.limits, name).to.have.key("memory");
        const secrets = (container?.env ?? []).filter((e) => e.valueFrom?.secretKeyRef).map((e) => e.name);
        expect(secrets, name).to.include.members(["SECRET_KEY", "MONGO_URL", "REDIS_URL"]);
        for (const variable of container?.env ?? [])
          expect(KNOWN_VARIABLES, `${name}: ${variable.name}`).to.include(variable.name);
      }
      const scaled = new Set(kinds("HorizontalPodAutoscaler"));
      for (const deployment of documents.filter((d) => d.kind === "Deployment") as unknown as Deployment[]) {
        const name = deployment.metadata?.name ?? "";
        expect(deployment.spec?.replicas === undefined, `${name}: replicas only without an HPA`).to.equal(
          scaled.has(name),
        );
      }
      const gateway = documents.find((d) => d.kind === "Deployment" && d.metadata.name === "api-gateway");
      expect(
        (gateway as unknown as Deployment).spec?.template.spec?.containers[0]?.lifecycle?.preStop?.exec?.command,
      ).to.deep.equal(["sleep", "5"]);
      const config = documents.find((d) => d.kind === "ConfigMap") as unknown as { data: Record<string, string> };
      for (const key of Object.keys(config.data)) expect(KNOWN_VARIABLES, key).to.include(key);
      expect(config.data.TRUST_PROXY, "no proxy trusted: an overlay names the Ingress's addresses").to.equal("false");
    });

    it("limits every pod's egress to DNS, its own pods, and the store, queue, Kafka and agents, never the metadata service", () => {
      const egress = documents.find(
        (d) => d.kind === "NetworkPolicy" && d.metadata.name === "kafka-control-plane-egress",
      ) as unknown as NetworkPolicy;
      expect(egress.spec?.policyTypes).to.deep.equal(["Egress"]);
      expect(egress.spec?.podSelector?.matchExpressions?.[0]?.values).to.have.members(SERVICES);
      const rules = egress.spec?.egress ?? [];
      expect(rules[0]?.ports?.map((p) => `${p.protocol}/${p.port}`)).to.deep.equal(["UDP/53", "TCP/53"]);
      expect(rules[1]?.to?.[0]?.podSelector?.matchLabels).to.deep.equal({
        "app.kubernetes.io/part-of": "kafka-control-plane",
      });
      expect(rules.slice(2).map((r) => (r.ports ?? []).map((p) => p.port))).to.deep.equal([[27017], [6379], [], []]);
      for (const rule of rules.slice(2))
        expect(rule.to?.map((peer) => peer.ipBlock ?? peer.namespaceSelector)).to.deep.equal([
          {},
          { cidr: "0.0.0.0/0", except: ["169.254.0.0/16"] },
        ]);
    });
  });
});
