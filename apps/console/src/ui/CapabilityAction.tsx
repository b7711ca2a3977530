import type { ReactNode } from "react";
import { useOfferedRole } from "../api/access.js";
import { type CapabilityFlag, type ClusterView, capabilityNote } from "../api/clusters.js";
import { hasRole, type Role } from "../api/session.js";

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
  const offered = useOfferedRole();
  if (!hasRole(offered, role)) return null;
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
