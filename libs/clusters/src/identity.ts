import { AppError, type Health, type HealthIssue } from "@kcp/shared";
import type { ClusterViewRecord } from "@kcp/store";

/**
 * The registered cluster's identity: Kafka's own cluster id, saved at registration (or, for a cluster registered with
 * skipTest, at its first successful collection) and compared at every collection. A bootstrap address that now
 * reaches another Kafka cluster (a DNS name moved, a load balancer re-pointed, a test cluster rebuilt) must not
 * receive the writes and operations meant for the old one.
 */
export function identityIssue(registered: string, reported: string | undefined): HealthIssue | undefined {
  if (!registered || !reported || registered === reported) return undefined;
  return {
    severity: "critical",
    code: "cluster_identity_changed",
    message:
      `The bootstrap servers now reach Kafka cluster ${reported}, not ${registered} that was registered: ` +
      "writes and operations are refused until an operator confirms the change (POST .../confirm-identity)",
  };
}

/** The health with the identity issue first; critical whatever else it says (the status is the worst severity). */
export function withIdentityIssue(health: Health, issue: HealthIssue): Health {
  return { ...health, status: "critical", issues: [issue, ...health.issues] };
}

/** 409 conflict while the latest collection found another cluster behind the address; undefined otherwise. */
export function identityRefusal(view: Pick<ClusterViewRecord, "health"> | undefined): AppError | undefined {
  const issues = (view?.health as { issues?: HealthIssue[] } | undefined)?.issues ?? [];
  const issue = issues.find((i) => i.code === "cluster_identity_changed");
  return issue ? new AppError("conflict", issue.message) : undefined;
}
