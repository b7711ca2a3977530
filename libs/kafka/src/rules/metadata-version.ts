/**
 * metadata.version feature levels and their names (server-common MetadataVersion.java). Levels newer than the table
 * are shown as `level N` rather than guessed.
 */
const NAMES: readonly string[] = [
  "3.0-IV1",
  "3.1-IV0",
  "3.2-IV0",
  "3.3-IV0",
  "3.3-IV1",
  "3.3-IV2",
  "3.3-IV3",
  "3.4-IV0",
  "3.5-IV0",
  "3.5-IV1",
  "3.5-IV2",
  "3.6-IV0",
  "3.6-IV1",
  "3.6-IV2",
  "3.7-IV0",
  "3.7-IV1",
  "3.7-IV2",
  "3.7-IV3",
  "3.7-IV4",
  "3.8-IV0",
  "3.9-IV0",
  "4.0-IV0",
  "4.0-IV1",
  "4.0-IV2",
  "4.0-IV3",
  "4.1-IV0",
  "4.1-IV1",
  "4.2-IV0",
  "4.2-IV1",
  "4.3-IV0",
  "4.4-IV0",
  "4.4-IV1",
  "4.4-IV2",
];

/** The first level of each named version this project's rules depend on. */
export const METADATA_LEVEL = {
  /** Kafka 4.1: kraft.version can be upgraded from 0 to 1 (static → dynamic quorum). */
  v4_1: 26,
  /** Kafka 4.3: brokers understand `cordoned.log.dirs` (KIP-1066). */
  v4_3: 30,
} as const;

export function metadataVersionName(level: number): string {
  return NAMES[level - 1] ?? `level ${level}`;
}
