/** A rate measured over less time than this is too noisy to replace the plan's ETA. */
export const MIN_MEASURED_SECONDS = 5;

export interface EtaReading {
  /** Bytes the plan's moves copy in all, and copied so far. */
  totalBytes: number;
  doneBytes: number;
  /** Bytes copied since this run of the step started, and over how long. */
  measuredBytes: number;
  measuredSeconds: number;
  /** The plan's ETA of the whole movement, if it has one. */
  plannedSeconds?: number;
}

export interface EtaNow {
  etaSeconds: number | null;
  etaSource: "measured" | "planned" | null;
  measuredBytesPerSec: number | null;
}

/**
 * Pure: the ETA shown while data moves. Once a rate has been measured for MIN_MEASURED_SECONDS it gives the ETA (what
 * is left at the rate seen); before that, the plan's ETA for the share of bytes left. Neither: null.
 */
export function moveEta(reading: EtaReading): EtaNow {
  const left = Math.max(0, reading.totalBytes - reading.doneBytes);
  const rate = reading.measuredSeconds > 0 ? reading.measuredBytes / reading.measuredSeconds : 0;
  if (rate > 0 && reading.measuredSeconds >= MIN_MEASURED_SECONDS)
    return { etaSeconds: Math.ceil(left / rate), etaSource: "measured", measuredBytesPerSec: Math.round(rate) };
  const measuredBytesPerSec = rate > 0 ? Math.round(rate) : null;
  if (reading.plannedSeconds === undefined) return { etaSeconds: null, etaSource: null, measuredBytesPerSec };
  const share = reading.totalBytes > 0 ? left / reading.totalBytes : 1;
  return { etaSeconds: Math.ceil(reading.plannedSeconds * share), etaSource: "planned", measuredBytesPerSec };
}
