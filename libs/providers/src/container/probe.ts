import type { ContainerSetting, ProviderNode } from "@kcp/shared";
import type { ProviderReadiness } from "../provider.js";
import type { ContainerEngines } from "./engines.js";
import { LABELS } from "./node-container.js";

const stateOf = (state: string): ProviderNode["state"] =>
  state === "running" ? "running" : state === "stopping" || state === "removing" ? "stopping" : "stopped";

/**
 * Asks a `container` cluster's engine whether it answers and which of the project's containers it has (GET /version,
 * GET /containers/json by the project's label), each call within `timeoutMs`: the provider readiness the capability
 * rules read. An engine `engines` (CONTAINER_ENGINES) does not list is not asked: the readiness says why. Never throws.
 */
export async function probeContainers(
  setting: ContainerSetting,
  engines: ContainerEngines,
  timeoutMs: number,
): Promise<ProviderReadiness> {
  const refusal = engines.refusal(setting.engine);
  if (refusal) return { kind: "container", project: setting.project, nodes: null, problem: refusal };
  const engine = engines.open(setting.engine, timeoutMs);
  try {
    await engine.version();
    const containers = await engine.listContainers({ [LABELS.project]: setting.project });
    const nodes = containers
      .filter((container) => container.Labels?.[LABELS.nodeId] !== undefined)
      .map((container) => ({
        nodeId: Number(container.Labels?.[LABELS.nodeId]),
        version: container.Labels?.[LABELS.version] ?? "unknown",
        state: stateOf(container.State),
      }))
      .sort((a, b) => a.nodeId - b.nodeId);
    return { kind: "container", project: setting.project, nodes };
  } catch (error) {
    return { kind: "container", project: setting.project, nodes: null, problem: (error as Error).message };
  }
}
