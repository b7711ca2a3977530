import { isRedisUnreachable } from "@kcp/queue";
import { type Logger, surviveOutageRejections } from "@kcp/shared";
import { isStoreUnavailable } from "@kcp/store";

/** Whether an error only says the store or Redis could not be reached. */
export const isDependencyOutage = (error: unknown): boolean => isStoreUnavailable(error) || isRedisUnreachable(error);

/** A process goes on when a client library leaks a rejection of a call to an unreachable store or Redis. */
export function surviveDependencyOutages(logger: Logger): void {
  surviveOutageRejections({ logger, isOutage: isDependencyOutage });
}
