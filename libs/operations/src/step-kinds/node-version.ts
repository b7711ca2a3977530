import type { NodeStatus } from "@kcp/shared";
import { type StepExecutor, StepPaused } from "../steps.js";
import { nodesOf } from "./node-lifecycle.js";

export type SwitchDecision =
  | { switch: boolean; reason: string; pause?: undefined }
  | { switch: false; pause: true; reason: string };

/**
 * Pure: what a switchVersion run does, from the node as its provider reports it now. The node is stopped (the step
 * before it stopped it): switched, unless it is set to start with `target` already. Running `target` already (a run
 * after a crash, once the node was started again): done. Running another version (started again by someone since it
 * was stopped): neither switched nor left to look done — the operation pauses, since starting it would not upgrade it.
 */
export function switchDecision(
  now: Pick<NodeStatus, "nodeId" | "state" | "version" | "configuredVersion">,
  target: string,
): SwitchDecision {
  if (now.state === "stopped") {
    if (now.configuredVersion === target) return { switch: false, reason: `already set to start with ${target}` };
    return { switch: true, reason: `switched from ${now.configuredVersion} to ${target}` };
  }
  if (now.state !== "stopping" && now.version === target) return { switch: false, reason: `already runs ${target}` };
  return {
    switch: false,
    pause: true,
    reason: `node ${now.nodeId} is ${now.state} with ${now.version}, not stopped: it is switched to ${target} only while stopped (stop it and resume, or cancel)`,
  };
}

/**
 * Installs a Kafka version on every agent serving the cluster (checksum verified by the agents). An installed
 * version is left as it is, and a version a node runs is never touched, so running it again changes nothing.
 */
export const installVersionStep: StepExecutor<"installVersion"> = async (context, { version }) => {
  const started = Date.now();
  await nodesOf(context).install(version);
  return { version, installed: true, tookMs: Date.now() - started };
};

/**
 * Sets the version a stopped node starts with (the node agent's PUT /v1/nodes/{id}/version); the startNode step after
 * it starts the new version. Set already, or running the version already: done (switchDecision).
 */
export const switchVersionStep: StepExecutor<"switchVersion"> = async (context, { nodeId, version }) => {
  const nodes = nodesOf(context);
  const now = await nodes.status(nodeId);
  const decision = switchDecision(now, version);
  const before = { state: now.state, version: now.version, configuredVersion: now.configuredVersion };
  if (decision.pause) throw new StepPaused(decision.reason, { before });
  if (!decision.switch) return { before, outcome: decision.reason };
  const after = await nodes.switchVersion(nodeId, version);
  return { before, configuredVersion: after.configuredVersion, outcome: decision.reason };
};
