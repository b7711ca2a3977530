import { z } from "zod";
import { ERROR_CODES } from "../errors/catalog.js";

/** Integer widths of the interface, checked as JS numbers (int64 only up to Number.MAX_SAFE_INTEGER). */
export const Int16 = z.number().int().min(-32768).max(32767);
export const Int32 = z.number().int().min(-2147483648).max(2147483647);
export const Int64 = z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
export const NonNegativeInt32 = Int32.min(0);
export const BrokerId = Int32.min(0).describe("A Kafka node id");

/** ISO 8601 timestamps in responses. */
export const DateTime = z.iso.datetime({ offset: true });

export const IdSchema = z.string().min(1).max(128);

/** `limit` of list endpoints (contract §4): default 100, 1..1000, from a query string. */
export const LimitQuery = z.coerce.number().int().min(1).max(1000).default(100);

export const StringMap = z.record(z.string(), z.string());

export const ErrorEnvelopeSchema = z.object({
  error: z.object({ code: z.enum(ERROR_CODES as [string, ...string[]]), message: z.string() }),
});
