import { ApiError } from "@kcp/api-client";

/** What `kcp` exits with: scripts can tell a refusal from an outage. */
export const EXIT = {
  ok: 0,
  /** The command line itself is wrong: unknown command, missing argument, bad --params JSON. */
  usage: 1,
  /** The service refused (a 4xx: not logged in, not allowed, invalid, not found, conflict). */
  refused: 2,
  /** The service could not be reached, or failed (5xx). */
  unavailable: 3,
  /** `watch`: the operation ended failed or cancelled. */
  operationFailed: 4,
  /** `diff`: the files make changes (Terraform's detailed exit code; a refusal of `diff` exits 1 then). */
  changes: 2,
} as const;

export class UsageError extends Error {}

/**
 * What kcp itself refuses before any request, as the service would (exit 2, or a command's refusedExit): a file that
 * is not valid YAML, a token named for another service, plain http to another machine.
 */
export class Refused extends Error {}

/** The exit code and the one line to print for an error. */
export function exitFor(error: unknown): { code: number; message: string } {
  if (error instanceof UsageError) return { code: EXIT.usage, message: error.message };
  if (error instanceof Refused) return { code: EXIT.refused, message: error.message };
  if (error instanceof ApiError) {
    const code = error.status < 500 ? EXIT.refused : EXIT.unavailable;
    return { code, message: `${error.message} (${error.status} ${error.code})` };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: EXIT.unavailable, message: `The service cannot be reached: ${message}` };
}
