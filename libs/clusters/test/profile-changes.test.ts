import { randomBytes } from "node:crypto";
import {
  AppError,
  type ClusterPatch,
  ClusterPatchSchema,
  type ConnectionProfile,
  ConnectionProfileSchema,
  parseSecretKey,
  SecretBox,
} from "@kcp/shared";
import type { ClusterRecord } from "@kcp/store";
import { expect } from "chai";
import { newClusterRecord, nodeSettingChanges, patchedProfile, reachChanges, weakenings } from "../src/index.js";

const box = new SecretBox(parseSecretKey(randomBytes(32).toString("hex")));
const CA = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n";
const SCRAM_TLS = {
  protocol: "SASL_SSL",
  saslMechanism: "SCRAM-SHA-512",
  username: "svc",
  tlsCaCertPem: CA,
} as const;

/** A stored record as the registry makes it from a validated profile. */
function recordOf(input: Record<string, unknown>): ClusterRecord {
  const profile: ConnectionProfile = ConnectionProfileSchema.parse({ name: "orders", ...input });
  const now = new Date();
  return { id: "c1", createdAt: now, updatedAt: now, ...newClusterRecord(profile, box, "kafka-id") };
}

const patch = (body: Record<string, unknown>): ClusterPatch => ClusterPatchSchema.parse(body);
const scram = recordOf({
  bootstrapServers: ["kafka-1.internal:9093", "kafka-2.internal:9093"],
  security: SCRAM_TLS,
  secrets: { password: "stored-password" },
});

describe("cluster profile changes (where and how a cluster is reached)", () => {
  it("names each change of reach, and none for a change of anything else", () => {
    expect(reachChanges(scram, patch({ labels: { team: "payments" } }))).to.deep.equal([]);
    expect(
      reachChanges(scram, patch({ bootstrapServers: ["KAFKA-2.internal:9093", "kafka-1.internal:9093"] })),
    ).to.deep.equal([]);
    expect(reachChanges(scram, patch({ bootstrapServers: ["evil.example:9093"] }))).to.deep.equal(["bootstrapServers"]);
    expect(
      reachChanges(scram, patch({ security: { protocol: "SASL_PLAINTEXT", saslMechanism: "PLAIN", username: "svc" } })),
    ).to.deep.equal(["security.protocol", "security.saslMechanism", "security.tlsCaCertPem"]);
    expect(reachChanges(scram, patch({ security: { ...SCRAM_TLS, tlsInsecureSkipVerify: false } }))).to.deep.equal([]);
    expect(reachChanges(scram, patch({ security: { ...SCRAM_TLS, username: "other" } }))).to.deep.equal([
      "security.username",
    ]);
    expect(reachChanges(scram, patch({ provider: "external" }))).to.deep.equal([]);
    const strimzi = recordOf({
      bootstrapServers: ["kafka-1.internal:9093"],
      provider: "operator-managed",
      settings: { kubernetes: { namespace: "kafka", kafka: "orders", context: "prod" } },
    });
    const kubernetes = (context?: string) => ({
      settings: { kubernetes: { namespace: "kafka", kafka: "orders", ...(context ? { context } : {}) } },
    });
    expect(reachChanges(strimzi, patch(kubernetes("prod")))).to.deep.equal([]);
    expect(reachChanges(strimzi, patch(kubernetes("staging")))).to.deep.equal(["settings.kubernetes.context"]);
    expect(reachChanges(strimzi, patch({ provider: "external", settings: {} }))).to.deep.equal([
      "provider",
      "settings.kubernetes.context",
    ]);
  });

  it("keeps no stored secret after a change of reach: each must be given again or removed, naming it", () => {
    const refused = (body: Record<string, unknown>) => {
      try {
        patchedProfile(scram, patch(body), box);
      } catch (error) {
        expect(error).to.be.instanceOf(AppError);
        expect((error as AppError).code).to.equal("validation_failed");
        expect((error as AppError).message).not.to.contain("stored-password");
        return (error as AppError).message;
      }
      throw new Error("expected the patch to be refused");
    };
    expect(refused({ bootstrapServers: ["evil.example:9093"] })).to.equal(
      "Invalid body: secrets.password: must be given again, or null to remove it: stored secrets are not kept " +
        "when bootstrapServers change (an admin may keep them with keepSecrets)",
    );
    expect(refused({ security: { protocol: "SASL_PLAINTEXT", saslMechanism: "PLAIN", username: "svc" } })).to.contain(
      "security.protocol, security.saslMechanism, security.tlsCaCertPem",
    );

    // Given again: the merged profile carries the new one only; removed: none.
    const resupplied = patchedProfile(
      scram,
      patch({ bootstrapServers: ["evil.example:9093"], secrets: { password: "new-password" } }),
      box,
    );
    expect(resupplied.secrets).to.deep.equal({ password: "new-password" });
    const removed = patchedProfile(
      scram,
      patch({ security: { protocol: "SSL", tlsCaCertPem: CA }, secrets: { password: null } }),
      box,
    );
    expect(removed).not.to.have.property("secrets");

    // The reach unchanged, or kept by keepSecrets: the stored secret stays.
    expect(patchedProfile(scram, patch({ labels: { a: "b" } }), box).secrets).to.deep.equal({
      password: "stored-password",
    });
    const kept = patchedProfile(scram, patch({ bootstrapServers: ["kafka-3.internal:9093"], keepSecrets: true }), box);
    expect(kept.secrets).to.deep.equal({ password: "stored-password" });
  });

  it("says how a change weakens the way secrets travel (what keepSecrets refuses)", () => {
    const security = (fields: Record<string, unknown>) => patch({ security: { ...SCRAM_TLS, ...fields } });
    expect(weakenings(scram, patch({ bootstrapServers: ["kafka-3.internal:9093"] }))).to.deep.equal([]);
    expect(weakenings(scram, security({ username: "other", tlsServerName: "kafka.internal" }))).to.deep.equal([]);
    expect(weakenings(scram, security({ protocol: "SASL_PLAINTEXT", tlsCaCertPem: undefined }))).to.deep.equal([
      "security.protocol SASL_SSL → SASL_PLAINTEXT gives up TLS",
    ]);
    expect(weakenings(scram, security({ saslMechanism: "SCRAM-SHA-256" }))).to.have.length(1);
    expect(weakenings(scram, security({ saslMechanism: "PLAIN" }))[0]).to.contain("shows more of the password");
    expect(weakenings(scram, security({ tlsInsecureSkipVerify: true }))).to.deep.equal([
      "security.tlsInsecureSkipVerify turns certificate checks off",
    ]);
    expect(weakenings(scram, security({ tlsCaCertPem: CA.replace("MIIB", "MIIC") }))).to.deep.equal([
      "security.tlsCaCertPem trusts another CA",
    ]);
    const sha256 = recordOf({
      bootstrapServers: ["k:9092"],
      security: { protocol: "SASL_PLAINTEXT", saslMechanism: "SCRAM-SHA-256", username: "svc" },
      secrets: { password: "p" },
    });
    expect(
      weakenings(
        sha256,
        patch({ security: { protocol: "SASL_SSL", saslMechanism: "SCRAM-SHA-512", username: "svc" } }),
      ),
    ).to.deep.equal([]);
  });

  it("lists the node settings a registration sets or a patch changes, with old and new values", () => {
    const container = { engine: "unix:///run/podman/podman.sock", project: "orders" };
    expect(
      nodeSettingChanges(undefined, ConnectionProfileSchema.parse({ name: "a", bootstrapServers: ["k:1"] })),
    ).to.deep.equal({});
    const registered = nodeSettingChanges(
      undefined,
      ConnectionProfileSchema.parse({
        name: "a",
        bootstrapServers: ["k:1"],
        provider: "container",
        settings: { container, portBase: 19000, collectionIntervalSeconds: 10 },
      }),
    );
    expect(Object.keys(registered)).to.deep.equal(["provider", "settings.container", "settings.portBase"]);
    expect(registered.provider).to.deep.equal({ new: "container" });
    expect(registered["settings.portBase"]).to.deep.equal({ new: 19000 });

    const record = recordOf({
      bootstrapServers: ["k:1"],
      provider: "container",
      settings: { container, portBase: 19000 },
    });
    const same = { container: { ...container }, portBase: 19000 };
    expect(nodeSettingChanges(record, patch({ settings: { ...same, collectionIntervalSeconds: 60 } }))).to.deep.equal(
      {},
    );
    expect(nodeSettingChanges(record, patch({ labels: { a: "b" }, provider: "container" }))).to.deep.equal({});
    expect(nodeSettingChanges(record, patch({ settings: { ...same, portBase: 20000 } }))).to.deep.equal({
      "settings.portBase": { old: 19000, new: 20000 },
    });
    const changed = nodeSettingChanges(record, patch({ provider: "external", settings: {} }));
    expect(changed.provider).to.deep.equal({ old: "container", new: "external" });
    expect(changed["settings.container"]?.old).to.deep.include({ project: "orders" });
    expect(changed["settings.container"]).not.to.have.property("new");
  });
});
