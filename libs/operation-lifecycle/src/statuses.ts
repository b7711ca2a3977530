import {
  ACTIVE_OPERATION_STATUSES,
  FINAL_OPERATION_STATUSES,
  type OperationStatus,
  REQUESTED_ACTION_FROM,
} from "@kcp/shared";

/**
 * The sets of operation statuses, for every server module: their values are the contract's lists
 * (`@kcp/shared/lists`, where the store below this lib and the clients take them too); what each set means is said
 * here, and no other module writes a set of statuses of its own.
 */
export { ACTIVE_OPERATION_STATUSES, FINAL_OPERATION_STATUSES, REQUESTED_ACTION_FROM };

/** Planned or active: not ended yet (a plan waiting for its confirm counts, as it may still run). */
export const UNFINISHED_OPERATION_STATUSES = ["planned", ...ACTIVE_OPERATION_STATUSES] as const;

export type ActiveStatus = (typeof ACTIVE_OPERATION_STATUSES)[number];
export type FinalStatus = (typeof FINAL_OPERATION_STATUSES)[number];

/** Pending, running or paused: at most one such operation per cluster. */
export function isActive(status: OperationStatus): boolean {
  return (ACTIVE_OPERATION_STATUSES as readonly OperationStatus[]).includes(status);
}

/** Succeeded, failed or cancelled: no move leads out of it. */
export function isFinal(status: OperationStatus): boolean {
  return (FINAL_OPERATION_STATUSES as readonly OperationStatus[]).includes(status);
}
