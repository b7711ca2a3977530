import { AppError, type Capabilities, type CapabilityName, capabilityNote } from "@kcp/shared";

/** Capabilities as a stored view holds them: one stored before capabilities carried refusals has notes only. */
export type StoredCapabilities = Omit<Capabilities, "refusals"> & Partial<Pick<Capabilities, "refusals">>;

/**
 * Whether the cluster's capabilities refuse an action (422 capability_unavailable, with the capability's note).
 * Not refused: capabilities not known yet (never collected, or unreachable at the last collection: Kafka decides),
 * and a flag refused only with `permission_missing` (resource ACLs may grant what the cluster permission does not:
 * Kafka decides).
 */
export function capabilityRefusal(
  capabilities: StoredCapabilities | undefined,
  flag: CapabilityName,
): AppError | undefined {
  if (!capabilities || capabilities.error !== undefined || capabilities[flag] !== false) return undefined;
  if (capabilities.refusals === undefined) return refusalFromNotes(capabilities.notes, flag);
  const refusal = capabilities.refusals.find((r) => r.capability === flag);
  if (refusal?.code === "permission_missing") return undefined;
  return new AppError(
    "capability_unavailable",
    refusal ? capabilityNote(refusal) : `${flag}: not offered for this cluster`,
  );
}

/**
 * The gate of a view stored before capabilities carried refusals, from its notes as it was then (a note naming only a
 * missing cluster permission lets Kafka decide). The collector rewrites every view at its next collection (within
 * COLLECT_INTERVAL_SECONDS), so this reads only views of the first interval after an upgrade.
 */
function refusalFromNotes(notes: readonly string[], flag: CapabilityName): AppError | undefined {
  const note = notes.find((n) => n.startsWith(`${flag}:`)) ?? `${flag}: not offered for this cluster`;
  return note.includes(" — the principal lacks ") ? undefined : new AppError("capability_unavailable", note);
}
