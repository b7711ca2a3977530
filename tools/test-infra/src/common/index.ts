export type { Component } from "./component.js";
export { aptInstall, onPath, systemInstallAllowed } from "./install.js";
export { withFileLock } from "./lock.js";
export { cacheDir, makeRunDir, repoRoot } from "./paths.js";
export { freePort } from "./ports.js";
export { type ManagedProcess, type StartOptions, startProcess, waitFor } from "./processes.js";
export { sharedInstance, stopSharedInstances } from "./shared-instance.js";
