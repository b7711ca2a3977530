import { createHash } from "node:crypto";
import {
  type LagGrowth,
  type Refusal,
  SERIES_HOURLY_STEP_MS,
  SERIES_RAW_RETENTION_MS,
  SERIES_SUMMARY_RETENTION_MS,
  SERIES_SUMMARY_STEP_MS,
  type SeriesQuery,
  type SeriesResponse,
} from "@kcp/shared";
import type { SeriesDictionaryRecord, SeriesFrameRecord, SeriesRepository } from "@kcp/store";
import { type Dictionary, decodeFrame, encodeFrame, frameOf, type ReadFrame, summarize, valueIn } from "./frames.js";
import { isRefusal, type Measured, type Resolution, readOf, responseOf, SPAN_MS } from "./query.js";
import { byFrame, FRAMES, frameNameOf, type SampleInput, samplesOf, seriesKey } from "./samples.js";
import { type LagPoint, lagGrowthOf, sparklineOf } from "./trend.js";

/** What one collection wrote: frames, their bytes, and whether a 10-minute summary was made. */
export interface RecordedCollection {
  frames: number;
  bytes: number;
  summarized: boolean;
}

export interface GroupLagTrend {
  growth?: LagGrowth;
  recent: number[];
}

interface KnownDictionary {
  keys: readonly string[];
  index: Map<string, number>;
}

const DICTIONARY_CACHE = 512;
const WRITTEN_CACHE = 100_000;
const DICTIONARY_WRITE_AHEAD_MS = 24 * 3600_000;
const TREND_WINDOW_MS = 3600_000;
const SPARKLINE_POINTS = 30;
const startOf = (at: Date | number, spanMs: number) => Math.floor(new Date(at).getTime() / spanMs) * spanMs;

/** The latest a cluster's summaries are made after their span ends: within the next span, before its end. */
const SUMMARY_DELAY_MAX_MS = 9 * 60_000;

/**
 * How long after a span ends the cluster's summary of it is made: 0–9 minutes in whole seconds, fixed per cluster, so
 * that a fleet's clusters do not all summarize in the same collection interval after each 10-minute boundary (a
 * summary reads its whole span: a thousand of them at once stall the store).
 */
export function summaryDelayMs(clusterId: string): number {
  const hash = createHash("sha256").update(clusterId).digest().readUInt32BE(0);
  return (hash % (SUMMARY_DELAY_MAX_MS / 1000 + 1)) * 1000;
}

export interface HistoryBookOptions {
  /** How long after its span ends a cluster's summary is made (default summaryDelayMs; tests pin it). */
  summaryDelayMs?: (clusterId: string) => number;
}

/**
 * A cluster's history in the store: each collection's figures written as frames (the cluster's; topics and groups in
 * shards), each finished 10-minute span summarized (min, mean, max) when the next collection begins a new one and each
 * finished hour from its 10-minute summaries, expired frames swept then; series answered from the frames only (never
 * Kafka).
 */
export class HistoryBook {
  private readonly known = new Map<string, KnownDictionary>();
  /** Until when each dictionary this book wrote is kept by the store, by cluster and id. */
  private readonly writtenUntil = new Map<string, number>();

  private readonly delayOf: (clusterId: string) => number;

  constructor(
    private readonly records: SeriesRepository,
    options: HistoryBookOptions = {},
  ) {
    this.delayOf = options.summaryDelayMs ?? summaryDelayMs;
  }

  async record(clusterId: string, input: SampleInput): Promise<RecordedCollection> {
    const at = new Date(input.snapshot.collectedAt);
    // The collection before is the stored view's (the previous snapshot): asking the store only when there is none
    // (a first collection, or a lost view) keeps a sorted query off every collection's path.
    const latest = input.previous
      ? new Date(input.previous.collectedAt)
      : await this.records.latestAt(clusterId, "cluster", "collection");
    const frames: SeriesFrameRecord[] = [];
    const dictionaries: SeriesDictionaryRecord[] = [];
    for (const [part, samples] of byFrame(samplesOf(input))) {
      const { dictionary, values } = frameOf(samples);
      this.remember(dictionary);
      const written = this.dictionaryToWrite(clusterId, dictionary, at);
      if (written) dictionaries.push(written);
      frames.push({
        clusterId,
        part,
        resolution: "collection",
        at,
        dictionary: dictionary.id,
        data: encodeFrame(values),
        expiresAt: new Date(at.getTime() + SERIES_RAW_RETENTION_MS),
      });
    }
    await this.records.put(frames, dictionaries);
    let bytes = frames.reduce((sum, f) => sum + f.data.byteLength, 0);
    // The first collection past a span's end plus the cluster's delay summarizes the span: its 10 minutes from their
    // collections, then, when an hour ended too, the hour from its 10-minute summaries. (Times shifted back by the
    // delay cross a span boundary exactly then; the span is the one the previous collection fell in, so shifted.)
    const delay = this.delayOf(clusterId);
    const before = latest === undefined ? undefined : latest.getTime() - delay;
    const now = at.getTime() - delay;
    const summarized =
      before !== undefined && startOf(before, SERIES_SUMMARY_STEP_MS) < startOf(now, SERIES_SUMMARY_STEP_MS);
    if (before !== undefined && summarized) {
      bytes += await this.summarize(clusterId, "10m", new Date(startOf(before, SERIES_SUMMARY_STEP_MS)));
      if (startOf(before, SERIES_HOURLY_STEP_MS) < startOf(now, SERIES_HOURLY_STEP_MS))
        bytes += await this.summarize(clusterId, "1h", new Date(startOf(before, SERIES_HOURLY_STEP_MS)));
      await this.records.sweep(at);
    }
    return { frames: frames.length, bytes, summarized };
  }

  /** Summarizes the span of `resolution` starting at `start`, each frame, from the next finer one; the bytes written. */
  private async summarize(clusterId: string, resolution: "10m" | "1h", start: Date): Promise<number> {
    const end = new Date(start.getTime() + SPAN_MS[resolution]);
    const source: Resolution = resolution === "10m" ? "collection" : "10m";
    const frames: SeriesFrameRecord[] = [];
    const dictionaries: SeriesDictionaryRecord[] = [];
    // One read of the span's frames of every part (one query, not one per part: on some MongoDB-compatible servers
    // each query of a range costs as much as the span's whole read).
    const byPart = new Map<string, ReadFrame[]>();
    for (const { part, frame } of await this.read(clusterId, null, source, start, end)) {
      const list = byPart.get(part) ?? [];
      list.push(frame);
      byPart.set(part, list);
    }
    for (const part of FRAMES) {
      const summary = summarize(byPart.get(part) ?? []);
      if (!summary) continue;
      this.remember(summary.dictionary);
      const written = this.dictionaryToWrite(clusterId, summary.dictionary, start);
      if (written) dictionaries.push(written);
      frames.push({
        clusterId,
        part,
        resolution,
        at: start,
        dictionary: summary.dictionary.id,
        data: encodeFrame(summary.values),
        expiresAt: new Date(start.getTime() + SERIES_SUMMARY_RETENTION_MS),
      });
    }
    if (frames.length > 0) await this.records.put(frames, dictionaries);
    return frames.reduce((sum, f) => sum + f.data.byteLength, 0);
  }

  /** A series of the cluster, or why the query is refused. */
  async series(clusterId: string, query: SeriesQuery, now: Date): Promise<SeriesResponse | Refusal> {
    const read = readOf(query, now);
    if (isRefusal(read)) return read;
    const frames = await this.read(clusterId, read.frame, read.resolution, read.from, read.to);
    const measured = this.measuredOf(frames, read.key);
    // The spans not summarized yet (the one under way, and the one before until the cluster's delay has passed): the
    // finer frames stand in for them — an hour's 10-minute summaries, the 10 minutes' collections.
    if (read.resolution !== "collection") {
      const summarizedUntil = now.getTime() - this.delayOf(clusterId);
      const tenMinutes = new Date(Math.max(read.from.getTime(), startOf(summarizedUntil, SERIES_SUMMARY_STEP_MS)));
      if (read.resolution === "1h") {
        const hour = new Date(Math.max(read.from.getTime(), startOf(summarizedUntil, SERIES_HOURLY_STEP_MS)));
        if (read.to > hour && tenMinutes > hour)
          measured.push(...this.measuredOf(await this.read(clusterId, read.frame, "10m", hour, tenMinutes), read.key));
      }
      if (read.to > tenMinutes)
        measured.push(
          ...this.measuredOf(await this.read(clusterId, read.frame, "collection", tenMinutes, read.to), read.key),
        );
    }
    return responseOf(read, measured);
  }

  /** Each group's lag trend over the last hour: whether it grows, and a sparkline. */
  async groupTrends(clusterId: string, groups: readonly string[], now: Date): Promise<Map<string, GroupLagTrend>> {
    const trends = new Map<string, GroupLagTrend>();
    if (groups.length === 0) return trends;
    const from = new Date(now.getTime() - TREND_WINDOW_MS);
    const shards = new Map<string, Awaited<ReturnType<HistoryBook["read"]>>>();
    for (const group of groups) {
      const shard = frameNameOf("group.lag", group);
      let frames = shards.get(shard);
      if (!frames) {
        frames = await this.read(clusterId, shard, "collection", from, new Date(now.getTime() + 1));
        shards.set(shard, frames);
      }
      const points: LagPoint[] = this.measuredOf(frames, seriesKey("group.lag", group)).map((m) => ({
        at: m.at,
        value: m.mean,
      }));
      if (points.length === 0) continue;
      const growth = lagGrowthOf(points);
      trends.set(group, {
        ...(growth ? { growth } : {}),
        recent: sparklineOf(points, from, now, SPARKLINE_POINTS),
      });
    }
    return trends;
  }

  private measuredOf(frames: readonly { at: Date; frame: ReadFrame; index: Map<string, number> }[], key: string) {
    const measured: Measured[] = [];
    for (const { at, frame, index } of frames) {
      const value = valueIn(frame, index.get(key) ?? -1);
      if (value) measured.push({ at, ...value });
    }
    return measured;
  }

  private async read(clusterId: string, part: string | null, resolution: Resolution, from: Date, to: Date) {
    const stored = await this.records.frames(clusterId, part, resolution, from, to);
    const missing = [...new Set(stored.map((f) => f.dictionary))].filter((id) => !this.known.has(id));
    if (missing.length > 0)
      for (const d of await this.records.dictionaries(clusterId, missing)) this.remember({ id: d.id, keys: d.keys });
    const read: { at: Date; part: string; frame: ReadFrame; index: Map<string, number> }[] = [];
    for (const f of stored) {
      const dictionary = this.known.get(f.dictionary);
      if (!dictionary) continue;
      read.push({
        at: f.at,
        part: f.part,
        frame: { keys: dictionary.keys, values: decodeFrame(f.data) },
        index: dictionary.index,
      });
    }
    return read;
  }

  /**
   * The dictionary record to write with a frame of `at`, or none when this book wrote it recently enough: a frame's
   * dictionary must outlive every summary that may name it (30 days and a span after `at`), so it is written with a
   * day more than that and written again only when a frame would outlive what was written — once a day per
   * dictionary, not at every collection (its keys are the bulk of a cluster's writes otherwise). Another process, or
   * this one restarted, writes it once more: the store keeps the keys and the later expiry.
   */
  private dictionaryToWrite(clusterId: string, dictionary: Dictionary, at: Date): SeriesDictionaryRecord | undefined {
    const needed = at.getTime() + SERIES_SUMMARY_RETENTION_MS + SERIES_HOURLY_STEP_MS;
    const key = `${clusterId}\u0000${dictionary.id}`;
    const written = this.writtenUntil.get(key);
    if (written !== undefined && written >= needed) return undefined;
    const expiresAt = needed + DICTIONARY_WRITE_AHEAD_MS;
    this.writtenUntil.delete(key);
    this.writtenUntil.set(key, expiresAt);
    if (this.writtenUntil.size > WRITTEN_CACHE)
      this.writtenUntil.delete(this.writtenUntil.keys().next().value as string);
    return { clusterId, id: dictionary.id, keys: [...dictionary.keys], expiresAt: new Date(expiresAt) };
  }

  private remember(dictionary: Dictionary) {
    const seen = this.known.get(dictionary.id);
    this.known.delete(dictionary.id);
    this.known.set(
      dictionary.id,
      seen ?? { keys: dictionary.keys, index: new Map(dictionary.keys.map((key, i) => [key, i])) },
    );
    if (this.known.size > DICTIONARY_CACHE) this.known.delete(this.known.keys().next().value as string);
  }
}
