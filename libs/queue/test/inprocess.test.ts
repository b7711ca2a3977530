import { InProcessQueue } from "../src/index.js";
import { describeQueueContract } from "./queue-contract.js";

// One in-process queue is the whole backend: both "instances" are the same object.
describeQueueContract("in-process", async () => {
  const queue = new InProcessQueue();
  return { first: queue, second: queue, stop: () => queue.stop() };
});
