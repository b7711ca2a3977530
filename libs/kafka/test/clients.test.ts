import { setTimeout as sleep } from "node:timers/promises";
import { expect } from "chai";
import { type ConnectionTarget, KafkaClients } from "../src/index.js";

/** No broker is ever asked here: a client opens its connections on its first request, and none is made. */
const target = (): ConnectionTarget => ({
  bootstrapServers: ["127.0.0.1:1"],
  security: { protocol: "PLAINTEXT", saslMechanism: "" },
});

function counted(options: { maxClients?: number; idleMs?: number } = {}) {
  const opened: string[] = [];
  const clients = new KafkaClients({ ...options, onOpen: (key) => opened.push(key) });
  const use = <T>(key: string, version: string, work: () => Promise<T> = async () => undefined as T) =>
    clients.use(key, version, target, work);
  return { clients, opened, use };
}

describe("KafkaClients: one client per cluster and process", () => {
  it("reuses a cluster's client between calls: opened once for many calls, also side by side", async () => {
    const { clients, opened, use } = counted();
    for (let i = 0; i < 5; i++) await use("c1", "v1");
    await Promise.all([use("c1", "v1"), use("c1", "v1"), use("c2", "v1")]);
    expect(opened).to.deep.equal(["c1", "c2"]);
    expect(clients.size).to.equal(2);
    await clients.stop();
    expect(clients.size).to.equal(0);
  });

  it("replaces a client when what reaching the cluster depends on changes (another version), closing the old one", async () => {
    const { clients, opened, use } = counted();
    await use("c1", "v1");
    await use("c1", "v2");
    expect(opened).to.deep.equal(["c1", "c1"]);
    expect(clients.size).to.equal(1);
    await clients.stop();
  });

  it("never closes a client under a running call: a replaced or discarded one closes when its last call ends", async () => {
    const { clients, use } = counted();
    let release = () => {};
    const running = use("c1", "v1", () => new Promise<void>((resolve) => (release = resolve)));
    await use("c1", "v2");
    expect(clients.size, "the old client still serves its call").to.equal(2);
    clients.discard("c1");
    release();
    await running;
    expect(clients.size).to.equal(0);
    await clients.stop();
  });

  it("keeps at most maxClients open, closing the least recently used idle one first", async () => {
    const { clients, opened, use } = counted({ maxClients: 2 });
    await use("c1", "v");
    await use("c2", "v");
    await use("c1", "v");
    await use("c3", "v");
    expect(clients.size).to.equal(2);
    await use("c1", "v");
    expect(opened, "c1 was used last, c2 was closed").to.deep.equal(["c1", "c2", "c3"]);
    await use("c2", "v");
    expect(opened).to.deep.equal(["c1", "c2", "c3", "c2"]);
    await clients.stop();
  });

  it("closes a client idle for idleMs; the next call opens a new one", async () => {
    const { clients, opened, use } = counted({ idleMs: 20 });
    await use("c1", "v");
    await sleep(60);
    expect(clients.size).to.equal(0);
    await use("c1", "v");
    expect(opened).to.deep.equal(["c1", "c1"]);
    await clients.stop();
  });

  it("refuses calls once stopped", async () => {
    const { clients, use } = counted();
    await clients.stop();
    const error = await use("c1", "v").catch((e: unknown) => e);
    expect(error).to.be.instanceOf(Error);
  });
});
