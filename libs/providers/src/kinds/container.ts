import { AppError, ContainerSettingSchema, Int32Schema } from "@kcp/shared";
import { ContainerNodeLifecycle } from "../container/lifecycle.js";
import { probeContainers } from "../container/probe.js";
import { type Ability, type ContainerProbe, listed } from "../provider.js";
import { NO_POOLS, noOperator, type ProviderCluster, type ProviderModule } from "./kind.js";

/** The engine answered, and every node of the cluster has a container of the project. */
function containerAbility(readiness: ContainerProbe | undefined, nodeIds: readonly number[]): Ability {
  if (readiness === undefined) return { available: false, reason: "the container engine was not asked" };
  if (readiness.nodes === null)
    return { available: false, reason: readiness.problem ?? "the container engine did not answer" };
  const known = new Set(readiness.nodes.map((node) => node.nodeId));
  const missing = nodeIds.filter((id) => !known.has(id)).sort((a, b) => a - b);
  return missing.length === 0
    ? { available: true }
    : { available: false, reason: `project ${readiness.project} has no container for ${listed(missing)}` };
}

/** `settings.container` and `settings.portBase`, or why not. */
function containerSettings(cluster: ProviderCluster) {
  const container = ContainerSettingSchema.safeParse(cluster.settings.container);
  const portBase = Int32Schema.safeParse(cluster.settings.portBase);
  if (!container.success || !portBase.success)
    return `settings.container or settings.portBase of cluster ${cluster.name} is missing or invalid`;
  return { container: container.data, portBase: portBase.data };
}

/**
 * `container`: the service runs the nodes as containers of a Docker Engine API (Docker or Podman) that
 * CONTAINER_ENGINES lists; `settings.container` names the engine and the project the containers are labelled with.
 * An engine the list does not name (a record changed behind the API, an engine dropped from the list) is sent nothing.
 */
export const containerProvider: ProviderModule = {
  kind: "container",
  checkReach(profile, access) {
    const engine = profile.settings.container?.engine;
    if (engine !== undefined && access.engines.refusal(engine))
      throw new AppError(
        "invalid_request",
        `Container engine ${engine} is not allowed here (CONTAINER_ENGINES lists the engines container clusters may name)`,
      );
  },
  async probe(cluster, access) {
    const setting = ContainerSettingSchema.safeParse(cluster.settings.container);
    if (!setting.success)
      return { kind: "container", project: "?", nodes: null, problem: "settings.container is missing or invalid" };
    return probeContainers(setting.data, access.engines, access.timeoutMs);
  },
  nodes: (readiness) => (readiness?.kind === "container" ? (readiness.nodes ?? undefined) : undefined),
  lifecycleAbility: (readiness, nodeIds) =>
    containerAbility(readiness?.kind === "container" ? readiness : undefined, nodeIds),
  poolAbility: () => NO_POOLS,
  lifecycle(cluster, access) {
    const settings = containerSettings(cluster);
    if (typeof settings === "string") return { unavailable: settings };
    const refusal = access.engines.refusal(settings.container.engine);
    if (refusal) return { unavailable: refusal };
    return new ContainerNodeLifecycle(settings, access.engines.open(settings.container.engine));
  },
  operator: noOperator,
  async canObtain(cluster, version, access) {
    const settings = containerSettings(cluster);
    if (typeof settings === "string") return { code: "invalid_request", message: settings };
    const notListed = access.engines.refusal(settings.container.engine);
    if (notListed) return { code: "invalid_request", message: notListed };
    const engine = access.engines.open(settings.container.engine, access.timeoutMs);
    return new ContainerNodeLifecycle(settings, engine).canObtain(version);
  },
};
