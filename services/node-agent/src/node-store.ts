import { mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import { AppError } from "@kcp/shared";
import { readJson, writeJsonAtomic } from "./files.js";
import type { NodeRecord } from "./node-record.js";

export interface NodePaths {
  dir: string;
  properties: string;
  logs: string;
  record: string;
}

/** The records of the nodes the agent owns, each in `<state>/nodes/<id>/` with its server.properties and logs. */
export class NodeStore {
  private readonly records = new Map<number, NodeRecord>();
  private readonly nodesDir: string;

  constructor(stateDir: string) {
    this.nodesDir = join(stateDir, "nodes");
  }

  /** Reads every node's record from disk, handing each on once it is held. */
  async *load(): AsyncGenerator<NodeRecord> {
    await mkdir(this.nodesDir, { recursive: true });
    for (const name of await readdir(this.nodesDir)) {
      if (!/^\d+$/.test(name)) continue;
      const record = await readJson<NodeRecord>(join(this.nodesDir, name, "node.json"));
      if (!record) continue;
      this.records.set(record.nodeId, record);
      yield record;
    }
  }

  paths(id: number): NodePaths {
    const dir = join(this.nodesDir, String(id));
    return {
      dir,
      properties: join(dir, "server.properties"),
      logs: join(dir, "logs"),
      record: join(dir, "node.json"),
    };
  }

  get(id: number): NodeRecord {
    const record = this.records.get(id);
    if (!record) throw new AppError("not_found", `The agent does not own node ${id}`);
    return record;
  }

  find(id: number): NodeRecord | undefined {
    return this.records.get(id);
  }

  ids(): number[] {
    return [...this.records.keys()].sort((a, b) => a - b);
  }

  all(): Iterable<NodeRecord> {
    return this.records.values();
  }

  async add(record: NodeRecord): Promise<void> {
    await this.save(record);
    this.records.set(record.nodeId, record);
  }

  save(record: NodeRecord): Promise<void> {
    return writeJsonAtomic(this.paths(record.nodeId).record, record);
  }
}
