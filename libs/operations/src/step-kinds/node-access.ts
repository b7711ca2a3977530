import { AppError } from "@kcp/shared";
import type { StepContext, StepNodes } from "../steps.js";

/** The cluster's nodes as the worker offers them to steps, or a capability_unavailable error saying why not. */
export function nodeProvider(context: StepContext): StepNodes {
  const nodes = context.nodes;
  if (!nodes) throw new AppError("capability_unavailable", "the worker has no provider to act on this cluster's nodes");
  if ("unavailable" in nodes) throw new AppError("capability_unavailable", nodes.unavailable);
  return nodes;
}
