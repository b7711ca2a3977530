import { createHash } from "node:crypto";
import { deflateRawSync, inflateRawSync } from "node:zlib";

/**
 * A frame holds one part of one collection (or one 10-minute summary): the values of its series in the order of a
 * dictionary of series keys. The keys change only when a topic, group or broker comes or goes, so they are stored
 * once per cluster under their digest and every frame names them; a frame itself is the values' JSON, deflated.
 */
export interface Dictionary {
  id: string;
  keys: readonly string[];
}

/** The values of a collection: one per key. A summary: the min, mean and max over its span, and how many frames. */
export type FrameValues =
  | { kind: "collection"; values: number[] }
  | { kind: "summary"; min: number[]; mean: number[]; max: number[]; count: number };

export const dictionaryOf = (keys: readonly string[]): Dictionary => {
  const sorted = [...keys].sort();
  return { id: createHash("sha256").update(sorted.join("\n")).digest("hex").slice(0, 24), keys: sorted };
};

/**
 * Whole numbers (counts, bytes) are kept exactly; a fraction (a rate, a summary's mean) to the unit from 1,000 up and
 * to 4 significant digits below — a chart needs no more, and the deflated frame shrinks by half.
 */
export const rounded = (value: number): number =>
  Number.isInteger(value) ? value : Math.abs(value) >= 1000 ? Math.round(value) : Number(value.toPrecision(4));

export function encodeFrame(values: FrameValues): Uint8Array {
  const body =
    values.kind === "collection"
      ? { v: values.values.map(rounded) }
      : { n: values.count, lo: values.min.map(rounded), m: values.mean.map(rounded), hi: values.max.map(rounded) };
  return deflateRawSync(JSON.stringify(body));
}

export function decodeFrame(data: Uint8Array): FrameValues {
  const body = JSON.parse(inflateRawSync(data).toString("utf8")) as {
    v?: number[];
    n?: number;
    lo?: number[];
    m?: number[];
    hi?: number[];
  };
  if (body.v) return { kind: "collection", values: body.v };
  return { kind: "summary", count: body.n ?? 0, min: body.lo ?? [], mean: body.m ?? [], max: body.hi ?? [] };
}

/** A collection's samples as a dictionary and the values in its order. */
export function frameOf(samples: ReadonlyMap<string, number>): { dictionary: Dictionary; values: FrameValues } {
  const dictionary = dictionaryOf([...samples.keys()]);
  return { dictionary, values: { kind: "collection", values: dictionary.keys.map((key) => samples.get(key) ?? 0) } };
}

/** A decoded frame, its values by key. */
export interface ReadFrame {
  keys: readonly string[];
  values: FrameValues;
}

/** The value (min, mean, max) of one key in a frame, or undefined when the frame does not hold it. */
export function valueIn(frame: ReadFrame, index: number): { min: number; mean: number; max: number } | undefined {
  if (index < 0) return undefined;
  const { values } = frame;
  if (values.kind === "collection") {
    const value = values.values[index];
    return value === undefined ? undefined : { min: value, mean: value, max: value };
  }
  const mean = values.mean[index];
  if (mean === undefined) return undefined;
  return { min: values.min[index] ?? mean, mean, max: values.max[index] ?? mean };
}

/**
 * The summary of frames of one span: per key, the min, the mean and the max of the frames holding it (a key that
 * came or went during the span is summarized over the frames that held it).
 */
export function summarize(frames: readonly ReadFrame[]): { dictionary: Dictionary; values: FrameValues } | undefined {
  if (frames.length === 0) return undefined;
  const acc = new Map<string, { min: number; max: number; sum: number; n: number }>();
  for (const frame of frames)
    frame.keys.forEach((key, index) => {
      const value = valueIn(frame, index);
      if (!value) return;
      const seen = acc.get(key);
      if (!seen) acc.set(key, { min: value.min, max: value.max, sum: value.mean, n: 1 });
      else {
        seen.min = Math.min(seen.min, value.min);
        seen.max = Math.max(seen.max, value.max);
        seen.sum += value.mean;
        seen.n += 1;
      }
    });
  const dictionary = dictionaryOf([...acc.keys()]);
  const at = (key: string) => acc.get(key) as { min: number; max: number; sum: number; n: number };
  return {
    dictionary,
    values: {
      kind: "summary",
      count: frames.length,
      min: dictionary.keys.map((key) => at(key).min),
      mean: dictionary.keys.map((key) => at(key).sum / at(key).n),
      max: dictionary.keys.map((key) => at(key).max),
    },
  };
}
