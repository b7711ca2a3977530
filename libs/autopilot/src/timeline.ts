import type { Anomaly, AnomalyEvent } from "@kcp/shared";
import type { Finding } from "./find.js";

/** What a view changes in a cluster's anomalies: those to write (new or seen again) and those it clears. */
export interface TimelineChange {
  /** New anomalies (first seen now) and open ones seen again (lastSeenAt, message and facts updated). */
  seen: Anomaly[];
  /** Open anomalies the view no longer shows, cleared now. */
  cleared: Anomaly[];
}

const key = (a: { code: string; subject: string }) => `${a.code}\u0000${a.subject}`;

/**
 * The timeline after one view: a finding with the code and subject of an open anomaly continues it; one without
 * opens a new anomaly (first seen now); an open anomaly the view does not show is cleared — but only by a complete
 * view: a view with parts missing (`complete: false`, a broker that did not answer a request) cannot say something
 * is gone, so it only adds and continues. Pure: the caller stores the result.
 */
export function trackAnomalies(
  open: readonly Anomaly[],
  findings: readonly Finding[],
  context: { clusterId: string; now: Date; complete: boolean; newId: () => string },
): TimelineChange {
  const at = context.now.toISOString();
  const byKey = new Map(open.filter((a) => a.clearedAt === null).map((a) => [key(a), a]));
  const found = new Set<string>();
  const seen: Anomaly[] = [];
  for (const finding of findings) {
    const k = key(finding);
    if (found.has(k)) continue;
    found.add(k);
    const current = byKey.get(k);
    const figures = {
      message: finding.message,
      facts: finding.facts,
      ...(finding.brokerId === undefined ? {} : { brokerId: finding.brokerId }),
    };
    seen.push(
      current
        ? { ...current, ...figures, lastSeenAt: at }
        : {
            id: context.newId(),
            clusterId: context.clusterId,
            code: finding.code,
            subject: finding.subject,
            ...figures,
            firstSeenAt: at,
            lastSeenAt: at,
            clearedAt: null,
            events: [],
          },
    );
  }
  const cleared = context.complete
    ? [...byKey.values()].filter((a) => !found.has(key(a))).map((a) => ({ ...a, clearedAt: at }))
    : [];
  return { seen, cleared };
}

/** At most this many events per anomaly: the first ones (how it started) and the latest are kept. */
export const EVENTS_KEPT = 50;

/**
 * The anomaly with an event added — unless it repeats the policy's last event on it (same kind and reason), so that a
 * refusal seen at every collection is recorded once, with the time it began.
 */
export function withEvent(anomaly: Anomaly, event: AnomalyEvent): Anomaly {
  const last = anomaly.events.findLast((e) => e.policy === event.policy);
  if (
    last &&
    last.kind === event.kind &&
    last.reason?.code === event.reason?.code &&
    last.operationId === event.operationId
  )
    return anomaly;
  const events = [...anomaly.events, event];
  const kept = events.length > EVENTS_KEPT ? [...events.slice(0, 10), ...events.slice(-(EVENTS_KEPT - 10))] : events;
  return { ...anomaly, events: kept };
}
