import { AllowedHosts } from "@kcp/shared";
import { ByteRecorder } from "@kcp/test-infra";
import { expect } from "chai";
import {
  checkKubeServer,
  KubeconfigError,
  kubeClientFromKubeconfig,
  kubeconfigClientOptions,
  probeStrimzi,
  strimziClusterFor,
} from "../src/index.js";

const TOKEN = "kubeconfig-test-token-0123456789";

/** A kubeconfig of one context, cluster and user, as JSON (a kubeconfig may be YAML or JSON). */
function kubeconfig(server: string, user: Record<string, unknown> = { token: TOKEN }): string {
  return JSON.stringify({
    apiVersion: "v1",
    kind: "Config",
    "current-context": "main",
    contexts: [{ name: "main", context: { cluster: "c", user: "u", namespace: "kafka" } }],
    clusters: [{ name: "c", cluster: { server } }],
    users: [{ name: "u", user }],
  });
}

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).to.be.instanceOf(KubeconfigError);
    return (error as Error).message;
  }
  throw new Error("expected the kubeconfig to be refused");
}

describe("kubeconfig checks (before any connection)", () => {
  it("reads the server and credentials of the context without connecting", () => {
    expect(kubeconfigClientOptions(kubeconfig("https://10.0.0.7:6443/"))).to.deep.equal({
      server: "https://10.0.0.7:6443",
      token: TOKEN,
      namespace: "kafka",
    });
  });

  it("refuses what kcp cannot use, naming the kind of problem and never the file's secrets or commands", () => {
    const server = "https://10.0.0.7:6443";
    const exec = { exec: { command: "/usr/local/bin/token-helper", args: ["--secret", TOKEN] } };
    const cases: [string, string][] = [
      [kubeconfig(server, exec), 'user "u" of the kubeconfig has an exec plugin, which kcp does not run'],
      [kubeconfig(server, { ...exec, token: TOKEN }), "an exec plugin"],
      [kubeconfig(server, { tokenFile: "/var/run/token" }), "credentials in files"],
      [kubeconfig(server, { "auth-provider": { name: "oidc" } }), "an auth-provider"],
      [kubeconfig("http://10.0.0.7:8080"), "must be https://"],
      [kubeconfig("not a url"), "is not a URL"],
      [`${kubeconfig(server)}\n  token: [${TOKEN}`, "the kubeconfig is neither YAML nor JSON"],
    ];
    for (const [text, expected] of cases) {
      const message = refusal(() => kubeconfigClientOptions(text));
      expect(message).to.contain(expected);
      for (const hidden of [TOKEN, "token-helper", "/var/run/token", "oidc"]) expect(message).not.to.contain(hidden);
    }
    expect(refusal(() => kubeconfigClientOptions(kubeconfig(server), "other"))).to.equal(
      'the kubeconfig has no context named "other"',
    );
  });

  it("refuses an API server KAFKA_ALLOWED_HOSTS does not allow, naming only its host", () => {
    const allowed = AllowedHosts.parse("127.0.0.1,.corp.example");
    checkKubeServer({ server: "https://127.0.0.1:6443" }, allowed);
    checkKubeServer({ server: "https://k8s.corp.example" }, allowed);
    expect(refusal(() => checkKubeServer({ server: "https://127.0.0.2:6443" }, allowed))).to.equal(
      "the Kubernetes API server host 127.0.0.2 is not allowed here (KAFKA_ALLOWED_HOSTS lists the allowed hosts)",
    );
    expect(
      refusal(() => kubeClientFromKubeconfig(kubeconfig("https://10.9.9.9"), undefined, 1000, allowed)),
    ).to.contain("10.9.9.9");
  });

  describe("a stored kubeconfig whose API server is no longer allowed", () => {
    let recorder: ByteRecorder;
    before(async () => {
      recorder = await ByteRecorder.start("127.0.0.2");
    });
    after(() => recorder.close());

    it("is not contacted at collection (the probe says why) nor by the worker (strimziClusterFor refuses)", async () => {
      const setting = { namespace: "kafka", kafka: "orders" };
      const text = kubeconfig(`https://${recorder.address}`);
      const allowedHosts = AllowedHosts.parse("127.0.0.1");
      const readiness = await probeStrimzi(setting, text, { timeoutMs: 2000, allowedHosts });
      expect(readiness).to.deep.equal({
        kind: "operator-managed",
        status: null,
        problem:
          "the Kubernetes API server host 127.0.0.2 is not allowed here (KAFKA_ALLOWED_HOSTS lists the allowed hosts)",
      });
      let refused: unknown;
      await strimziClusterFor(setting, text, { allowedHosts }).catch((error: unknown) => {
        refused = error;
      });
      expect(refused).to.be.instanceOf(KubeconfigError);
      expect(recorder.connections).to.equal(0);

      // The same kubeconfig where the host is allowed does reach the server (so the recorder would have seen it).
      await probeStrimzi(setting, text, { timeoutMs: 2000, allowedHosts: AllowedHosts.parse("127.0.0.2") });
      expect(recorder.connections).to.be.greaterThan(0);
    });
  });
});
