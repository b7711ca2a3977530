import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { prometheusValue } from "@kcp/test-infra";

const run = promisify(execFile);

/** What a process's /metrics says it opened for one cluster: Kafka clients and connections to brokers. */
export interface OpenedCounts {
  clients: number;
  connections: number;
}

/** The kcp_kafka_clients_opened_total and kcp_kafka_connections_opened_total of a cluster on a process's /metrics. */
export async function openedFor(processUrl: string, clusterId: string): Promise<OpenedCounts> {
  const text = await (await fetch(`${processUrl}/metrics`)).text();
  return {
    clients: prometheusValue(text, "kcp_kafka_clients_opened_total", { cluster: clusterId }) ?? 0,
    connections: prometheusValue(text, "kcp_kafka_connections_opened_total", { cluster: clusterId }) ?? 0,
  };
}

/** The port of a `host:port` address. */
export const portOf = (address: string) => Number(address.slice(address.lastIndexOf(":") + 1));

/**
 * The TCP connections process `pid` holds established to `port` (a broker's listener), each by its local address, as
 * the kernel lists them (`ss`): what is really open, whatever the process's counters say.
 */
export async function connectionsOf(pid: number, port: number): Promise<Set<string>> {
  const { stdout } = await run("ss", ["-Htnp", "state", "established", `( dport = :${port} )`]);
  const mine = stdout.split("\n").filter((line) => line.includes(`pid=${pid},`));
  // With a state filter the columns are Recv-Q, Send-Q, local address, peer address, process.
  return new Set(mine.map((line) => line.trim().split(/\s+/)[2] as string));
}

/** The sample values of a metric whose labels include `labels`, summed (a histogram's `_count` over outcomes …). */
export function summed(text: string, name: string, labels: Record<string, string>): number {
  let total = 0;
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) total += Number(match[3]);
  }
  return total;
}
