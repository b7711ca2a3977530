export { backgroundTask, stopBackgroundTasks } from "./background.js";
export {
  acquire,
  budgetHolders,
  type HeavyKind,
  type Lease,
  listening,
  settleWhen,
  withBudget,
} from "./budget.js";
export { ByteRecorder } from "./byte-recorder.js";
export type { Component } from "./component.js";
export { aptInstall, onPath, systemInstallAllowed } from "./install.js";
export { withFileLock } from "./lock.js";
export { nodeBundle } from "./node-bundle.js";
export { cacheDir, makeRunDir, repoRoot } from "./paths.js";
export { freePort, freePortBlock } from "./ports.js";
export {
  ensurePrerequisites,
  javaMajor,
  kubernetesNodePrerequisites,
  missingPrerequisitesMessage,
  type Prerequisite,
  probePrerequisites,
} from "./prerequisites.js";
export { type ManagedProcess, type StartOptions, startProcess, waitFor } from "./processes.js";
export { markChildProcess, markServerUse } from "./server-use.js";
export { releaseSharedInstance, sharedInstance, stopSharedInstances } from "./shared-instance.js";
export { tail } from "./tail.js";
