export { cacheDir, makeRunDir, repoRoot } from "./paths.js";
export { freePort } from "./ports.js";
export { type ManagedProcess, type StartOptions, startProcess, waitFor } from "./processes.js";
