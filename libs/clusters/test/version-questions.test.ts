import { randomBytes } from "node:crypto";
import { providerAccess } from "@kcp/providers";
import { ConnectionProfileSchema, parseSecretKey, SecretBox } from "@kcp/shared";
import type { ClusterRecord } from "@kcp/store";
import { ByteRecorder } from "@kcp/test-infra";
import { expect } from "chai";
import { answerCanObtain, newClusterRecord } from "../src/index.js";

const box = new SecretBox(parseSecretKey(randomBytes(32).toString("hex")));

/**
 * The collector answers whether a container cluster's nodes can obtain a version by asking its engine for the image:
 * only an engine CONTAINER_ENGINES lists. A server on 127.0.0.2 that only records bytes stands for the engine.
 */
describe("whether a container cluster can obtain a version (the collector's answer)", () => {
  let recorder: ByteRecorder;
  let record: ClusterRecord;
  let engine: string;

  before(async () => {
    recorder = await ByteRecorder.start("127.0.0.2");
    engine = `http://${recorder.address}`;
    const profile = ConnectionProfileSchema.parse({
      name: "containers",
      bootstrapServers: ["127.0.0.1:9092"],
      provider: "container",
      settings: { portBase: 19000, container: { engine, project: "containers" } },
    });
    const now = new Date();
    record = { ...newClusterRecord(profile, box, ""), id: "cluster-1", createdAt: now, updatedAt: now };
  });
  after(() => recorder.close());

  it("refuses, without asking it, an engine CONTAINER_ENGINES does not list; asks one it lists", async () => {
    const refused = await answerCanObtain(record, "4.4.0", providerAccess({ AGENT_REQUEST_TIMEOUT_MS: 2000 }), box);
    expect(refused).to.deep.equal({
      refusal: {
        code: "invalid_request",
        message: `container engine ${engine} is not listed in CONTAINER_ENGINES: nothing is sent to it`,
      },
    });
    expect(recorder.connections).to.equal(0);

    // Listed, it is asked for the image (it answers nothing: the question fails, as an unreachable engine's does).
    const asked = await answerCanObtain(
      record,
      "4.4.0",
      providerAccess({ CONTAINER_ENGINES: new Set([engine]), AGENT_REQUEST_TIMEOUT_MS: 2000 }),
      box,
    ).catch((error: Error) => error);
    expect(asked).to.be.instanceOf(Error);
    expect(recorder.received("GET /v1.41/images/kcp-kafka%3A4.4.0/json")).to.equal(true);
  });
});
