import type { JobQueue } from "@kcp/queue";
import type { AuditEvent, Logger } from "@kcp/shared";
import type { Store } from "@kcp/store";

export interface AuditEmitter {
  emit(event: AuditEvent): Promise<void>;
}

/**
 * The audit service writes a queued event to the store; while the store is away it tries again with an exponential
 * back-off from 1 s: 10 attempts ride out a store outage of about 8 minutes (5 lasted about 15 s plus the waits).
 */
const AUDIT_ATTEMPTS = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends audit events (from the gateway and the operations worker) through the `audit` queue to the audit service. An event is never dropped silently: when the
 * queue refuses it three times (Redis away), the sender writes it to the store itself; if that fails too, the event
 * (secret-free) goes to the error log, from which it can be recovered.
 */
export function auditEmitter(queue: JobQueue, store: Store, logger: Logger): AuditEmitter {
  return {
    async emit(event) {
      for (const delayMs of [0, 100, 400]) {
        await sleep(delayMs);
        try {
          await queue.enqueue("audit", event, { attempts: AUDIT_ATTEMPTS, backoffMs: 1000 });
          return;
        } catch {
          // try again, then fall back to the store
        }
      }
      try {
        await store.audit.append({ ...event, at: new Date(event.at) });
        logger.warn({ action: event.action }, "audit queue unavailable: audit event written to the store directly");
      } catch (error) {
        logger.error({ auditEvent: event, err: error }, "audit event could not be written");
      }
    },
  };
}
