import { once } from "node:events";
import { createServer, type Server, type Socket } from "node:net";
import { AppError } from "@kcp/shared";
import { expect } from "chai";
import { type ConnectionTarget, describePending, describeUnanswered, KafkaClients } from "../src/index.js";

/**
 * A real TCP server standing in for a broker that accepts connections and never answers a request (a broker whose
 * process is stopped answers the same way: the kernel accepts, nobody reads).
 */
async function silentBroker() {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => {
      sockets.delete(socket);
      if (sockets.size === 0) server.emit("all-closed");
    });
    socket.on("error", () => undefined);
    // Read and drop what is sent (so that a connection closed by the client is seen closed); answer nothing.
    socket.resume();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  return {
    address: `127.0.0.1:${port}`,
    sockets,
    /** Resolves once no connection to it is open any more. */
    allClosed: () => (sockets.size === 0 ? Promise.resolve() : once(server, "all-closed").then(() => undefined)),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, "close");
    },
  };
}

const targetOf = (address: string) => (): ConnectionTarget => ({
  bootstrapServers: [address],
  security: { protocol: "PLAINTEXT", saslMechanism: "" },
});

describe("KafkaClients: a call's deadline", function () {
  this.timeout(20_000);

  it("answers kafka_timeout (504) at the deadline, naming the request that did not answer and its broker", async () => {
    const broker = await silentBroker();
    const clients = new KafkaClients();
    const started = Date.now();
    const failure = await clients
      .use("c1", "v1", targetOf(broker.address), (client) => client.admin.metadata({ topics: [] }), {
        ms: 600,
        setting: "KAFKA_REQUEST_TIMEOUT_MS",
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    const took = Date.now() - started;
    expect(failure).to.be.instanceOf(AppError);
    const error = failure as AppError;
    expect(error.code).to.equal("kafka_timeout");
    expect(error.status).to.equal(504);
    // The first request of a new connection is ApiVersions (what the broker supports), before the Metadata asked for.
    expect(error.message).to.match(
      new RegExp(
        `^Kafka did not answer within 600 ms \\(KAFKA_REQUEST_TIMEOUT_MS\\): ApiVersions request to ${broker.address} \\(admin connection\\) unanswered for 0\\.[56]`,
      ),
    );
    expect(took).to.be.within(600, 1500);
    await clients.stop();
    await broker.close();
  });

  it("releases what the abandoned call held: its work ends, its connections and client are closed, the next call opens a new one", async () => {
    const broker = await silentBroker();
    const opened: string[] = [];
    const clients = new KafkaClients({ onOpen: (key) => opened.push(key) });
    let workEnded: () => void = () => undefined;
    const ended = new Promise<void>((resolve) => {
      workEnded = resolve;
    });
    const call = () =>
      clients.use(
        "c1",
        "v1",
        targetOf(broker.address),
        (client) => client.admin.metadata({ topics: [] }).finally(() => workEnded()),
        { ms: 500 },
      );
    await call().catch(() => undefined);
    // The connection it waited on is dropped at the deadline; Kafka's client then sends again on a new one, which is
    // closed with the client one deadline later at the latest: the abandoned work ends (else this waits for ever).
    await ended;
    await Promise.resolve();
    expect(clients.size).to.equal(0);
    await broker.allClosed();
    expect(broker.sockets.size).to.equal(0);
    const again = await call().catch((error: AppError) => error);
    expect((again as AppError).code).to.equal("kafka_timeout");
    expect(opened).to.deep.equal(["c1", "c1"]);
    await clients.stop();
    await broker.close();
  });

  it("leaves other clusters' calls alone: a call on another client answers while one waits on a silent broker", async () => {
    const broker = await silentBroker();
    const clients = new KafkaClients();
    const stuck = clients
      .use("silent", "v1", targetOf(broker.address), (client) => client.admin.metadata({ topics: [] }), { ms: 2_000 })
      .catch((error: AppError) => error);
    const other = await clients.use("other", "v1", targetOf("127.0.0.1:1"), async () => "answered", { ms: 2_000 });
    expect(other).to.equal("answered");
    expect(((await stuck) as AppError).code).to.equal("kafka_timeout");
    await clients.stop();
    await broker.close();
  });

  it("names each kind of unanswered request once, oldest first, with how many more of it wait (pure)", () => {
    const at = (api: string, address: string, lane: string, startedAt: number) => ({ api, address, lane, startedAt });
    const waiting = [
      at("Produce", "b1:9092", "producer", 3_000),
      at("Metadata", "b1:9092", "admin", 1_000),
      at("Metadata", "b1:9092", "admin", 2_000),
      at("DescribeLogDirs", "b2:9092", "bulk", 4_000),
      at("ListOffsets", "b1:9092", "admin", 5_000),
    ];
    expect(describeUnanswered(waiting, 11_000)).to.deep.equal([
      "Metadata request to b1:9092 (admin connection) unanswered for 10.0 s (and 1 more like it)",
      "Produce request to b1:9092 (producer connection) unanswered for 8.0 s",
      "DescribeLogDirs request to b2:9092 (bulk connection) unanswered for 7.0 s",
      "and 1 more kinds of request",
    ]);
    expect(describeUnanswered([], 0)).to.deep.equal([]);
  });

  it("describes a request waiting, and a connection not established yet (pure)", () => {
    const base = { address: "10.0.0.1:9092", lane: "producer", startedAt: 1_000 };
    expect(describePending({ ...base, api: "Produce" }, 31_000)).to.equal(
      "Produce request to 10.0.0.1:9092 (producer connection) unanswered for 30.0 s",
    );
    expect(describePending({ ...base, api: "connection" }, 6_000)).to.equal(
      "connection to 10.0.0.1:9092 (producer) not established after 5.0 s",
    );
  });
});
