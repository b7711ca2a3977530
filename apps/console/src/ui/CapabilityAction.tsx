import type { ReactNode } from "react";
import { type CapabilityFlag, type ClusterView, capabilityNote } from "../api/clusters.js";
import { hasRole, type Role, useSession } from "../api/session.js";

interface Props {
  capabilities: ClusterView["capabilities"];
  flag: CapabilityFlag;
  /** The least role that may act (write actions: operator). */
  role?: Role;
  children: (available: { disabled: boolean; reason?: string }) => ReactNode;
}

/**
 * An action offered only where the service can do it: hidden from users whose role may not act, disabled with the
 * capability's note as the reason where the cluster's flag is false.
 */
export function CapabilityAction({ capabilities, flag, role = "operator", children }: Props) {
  const session = useSession();
  if (!hasRole(session.data?.role, role)) return null;
  if (capabilities[flag]) return <>{children({ disabled: false })}</>;
  return (
    <>
      {children({
        disabled: true,
        reason: capabilityNote(capabilities, flag) ?? `Not available on this cluster (${flag} is false)`,
      })}
    </>
  );
}
