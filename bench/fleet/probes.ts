/**
 * What bench/fleet reads of the running processes: a service's /metrics (Prometheus text), Redis's INFO over a raw
 * socket, and a process's CPU time and resident memory from /proc (for the processes without /metrics: Kafka's JVMs,
 * FerretDB, Redis).
 */
import { readdir, readFile } from "node:fs/promises";
import { createConnection } from "node:net";

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Every sample of a Prometheus text exposition. */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1] as string, m[2] as string]),
    );
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

/** A scrape: the samples by name. */
export class Scrape {
  private readonly byName = new Map<string, Sample[]>();

  constructor(samples: Sample[]) {
    for (const sample of samples) {
      const list = this.byName.get(sample.name) ?? [];
      list.push(sample);
      this.byName.set(sample.name, list);
    }
  }

  static async of(url: string): Promise<Scrape> {
    const response = await fetch(`${url}/metrics`);
    if (!response.ok) throw new Error(`${url}/metrics answered ${response.status}`);
    return new Scrape(parseMetrics(await response.text()));
  }

  /** The sum of a metric's samples (those whose labels match `where`). */
  sum(name: string, where: Record<string, string> = {}): number {
    return (this.byName.get(name) ?? [])
      .filter((s) => Object.entries(where).every(([k, v]) => s.labels[k] === v))
      .reduce((n, s) => n + s.value, 0);
  }

  /** A metric's samples summed by one label's value. */
  by(name: string, label: string): Map<string, number> {
    const out = new Map<string, number>();
    for (const s of this.byName.get(name) ?? []) {
      const key = s.labels[label] ?? "";
      out.set(key, (out.get(key) ?? 0) + s.value);
    }
    return out;
  }
}

/** `after − before` of every key (a counter's increase by label); keys only in `after` count from 0. */
export function delta(after: Map<string, number>, before: Map<string, number>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [key, value] of after) out.set(key, value - (before.get(key) ?? 0));
  return out;
}

/** Adds `from` into `into` key by key. */
export function addInto(into: Map<string, number>, from: Map<string, number>): Map<string, number> {
  for (const [key, value] of from) into.set(key, (into.get(key) ?? 0) + value);
  return into;
}

/** Sends one command to Redis (RESP) and returns its bulk-string answer. */
function redisCommand(port: number, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    const chunks: Buffer[] = [];
    socket.setTimeout(5000);
    socket.once("connect", () =>
      socket.write(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join("")}`),
    );
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      const all = Buffer.concat(chunks);
      const headerEnd = all.indexOf("\r\n");
      if (headerEnd < 0) return;
      const header = all.subarray(0, headerEnd).toString();
      if (!header.startsWith("$")) {
        socket.destroy();
        reject(new Error(`redis answered ${header}`));
        return;
      }
      const length = Number(header.slice(1));
      if (all.length < headerEnd + 2 + length) return;
      socket.destroy();
      resolve(all.subarray(headerEnd + 2, headerEnd + 2 + length).toString());
    });
    socket.once("error", reject);
    socket.once("timeout", () => {
      socket.destroy();
      reject(new Error("redis did not answer INFO within 5 s"));
    });
  });
}

/** What Redis says of itself: commands processed, its CPU, and each command's calls. */
export interface RedisInfo {
  /** total_commands_processed: commands clients sent (a script counts once), this INFO call included. */
  commandsProcessed: number;
  /** used_cpu_user + used_cpu_sys, seconds. */
  cpuSeconds: number;
  /** INFO commandstats: calls per command, the commands scripts run counted too (Redis 7). */
  calls: Map<string, number>;
  version: string;
  pid: number;
}

export async function redisInfo(port: number): Promise<RedisInfo> {
  const text = await redisCommand(port, ["INFO", "all"]);
  const field = (name: string) => Number(new RegExp(`^${name}:(\\S+)`, "m").exec(text)?.[1] ?? Number.NaN);
  const calls = new Map<string, number>();
  for (const m of text.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) calls.set(m[1] as string, Number(m[2]));
  return {
    commandsProcessed: field("total_commands_processed"),
    cpuSeconds: field("used_cpu_user") + field("used_cpu_sys"),
    calls,
    version: /^redis_version:(\S+)/m.exec(text)?.[1] ?? "?",
    pid: field("process_id"),
  };
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** A process's CPU time (user + system, seconds) and resident memory now and at its peak, from /proc. */
export async function processUsage(
  pid: number,
): Promise<{ cpuSeconds: number; rssBytes: number; peakRssBytes: number }> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  // The fields after the command's name (in parentheses, which may hold spaces): utime is the 14th, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const cpuSeconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
  return { cpuSeconds, rssBytes: kib("VmRSS"), peakRssBytes: kib("VmHWM") };
}

/** The pid of the process whose command line holds `needle` (FerretDB's listen address, Redis's port), if any. */
export async function pidWithArgument(needle: string): Promise<number | undefined> {
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, "utf8").catch(() => "");
    if (cmdline.split("\0").includes(needle)) return Number(entry);
  }
  return undefined;
}

/** MemAvailable of /proc/meminfo, bytes. */
export async function memoryAvailable(): Promise<number> {
  const text = await readFile("/proc/meminfo", "utf8");
  return Number(/^MemAvailable:\s+(\d+) kB/m.exec(text)?.[1] ?? 0) * 1024;
}
