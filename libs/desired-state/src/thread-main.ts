import { parentPort } from "node:worker_threads";
import { type ThreadJob, ThreadWork } from "./thread-work.js";

const work = new ThreadWork();

/** The desired-state worker thread: one job at a time, in the order posted; an error is answered, never thrown. */
parentPort?.on("message", ({ id, job }: { id: number; job: ThreadJob }) => {
  try {
    parentPort?.postMessage({ id, result: work.run(job) });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
