import { AppError, ContainerSettingSchema } from "@kcp/shared";
import { ByteRecorder } from "@kcp/test-infra";
import { expect } from "chai";
import { ContainerEngines, probeContainers } from "../src/index.js";

const SOCKET = "unix:///run/podman/podman.sock";

describe("CONTAINER_ENGINES: which engines the collector and the worker may contact", () => {
  it("lists exactly the configured engines; unset lists none", () => {
    const engines = ContainerEngines.fromConfig({ CONTAINER_ENGINES: new Set([SOCKET, "http://10.0.0.9:2375"]) });
    expect(engines.refusal(SOCKET)).to.equal(undefined);
    expect(engines.refusal("http://10.0.0.9:2375")).to.equal(undefined);
    // Compared as written, as the registry compares them: another spelling is another engine.
    expect(engines.refusal("http://10.0.0.9:2375/")).to.equal(
      "container engine http://10.0.0.9:2375/ is not listed in CONTAINER_ENGINES: nothing is sent to it",
    );
    for (const none of [ContainerEngines.fromConfig({}), ContainerEngines.fromConfig({ CONTAINER_ENGINES: new Set() })])
      expect(none.refusal(SOCKET)).to.equal(
        `container engine ${SOCKET} is not listed in CONTAINER_ENGINES: nothing is sent to it`,
      );
    let refused: unknown;
    try {
      ContainerEngines.NONE.open(SOCKET);
    } catch (error) {
      refused = error;
    }
    expect(refused).to.be.instanceOf(AppError);
    expect((refused as AppError).code).to.equal("invalid_request");
  });

  describe("an engine not listed", () => {
    let recorder: ByteRecorder;
    before(async () => {
      recorder = await ByteRecorder.start("127.0.0.2");
    });
    after(() => recorder.close());

    it("is not asked at collection (the readiness says why); listed, the same engine is asked", async () => {
      const engine = `http://${recorder.address}`;
      const setting = ContainerSettingSchema.parse({ engine, project: "orders" });
      const readiness = await probeContainers(setting, ContainerEngines.fromConfig({}), 2000);
      expect(readiness).to.deep.equal({
        kind: "container",
        project: "orders",
        nodes: null,
        problem: `container engine ${engine} is not listed in CONTAINER_ENGINES: nothing is sent to it`,
      });
      expect(recorder.connections).to.equal(0);

      // Listed, it is asked (so the recorder would have seen a request above): it answers nothing, hence unreachable.
      const listed = await probeContainers(setting, new ContainerEngines([engine]), 2000);
      expect(listed).to.deep.include({ kind: "container", nodes: null });
      expect(recorder.received("GET /v1.41/version")).to.equal(true);
    });
  });
});
