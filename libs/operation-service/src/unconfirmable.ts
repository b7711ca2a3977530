import { AppError } from "@kcp/shared";
import type { OperationRecord } from "@kcp/store";
import { documentOf } from "./operation-records.js";

/**
 * Why an operation that is no longer `planned` cannot be confirmed: a plan the expiry sweep has already ended is
 * still an expired plan (410 plan_expired, as a confirm that finds it expired first answers), anything else (a
 * confirmed, running or cancelled operation) is 409 conflict.
 */
export function notConfirmable(record: OperationRecord): AppError {
  const error = documentOf(record).error;
  if (record.status === "cancelled" && typeof error === "string" && error.startsWith("plan_expired"))
    return new AppError("plan_expired", "The plan expired (15 minutes after planning): plan the operation again");
  return new AppError("conflict", `Operation ${record.id} is ${record.status}, not planned`);
}
