import { isPermissionNote } from "@kcp/kafka";
import { AppError, type Capabilities, type CapabilityName } from "@kcp/shared";

/**
 * Whether the cluster's capabilities refuse an action (422 capability_unavailable, with the capability's note).
 * Not refused: capabilities not known yet (never collected, or unreachable at the last collection: Kafka decides),
 * and a flag that is false only for lack of a cluster permission (see isPermissionNote: Kafka decides).
 */
export function capabilityRefusal(capabilities: Capabilities | undefined, flag: CapabilityName): AppError | undefined {
  if (!capabilities || capabilities.error !== undefined || capabilities[flag] !== false) return undefined;
  const note = capabilities.notes.find((n) => n.startsWith(`${flag}:`)) ?? `${flag}: not offered for this cluster`;
  return isPermissionNote(note) ? undefined : new AppError("capability_unavailable", note);
}
