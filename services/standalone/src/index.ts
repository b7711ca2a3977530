export { standaloneConfigSchema } from "./config.js";
export { type Standalone, type StandaloneConfig, startStandalone } from "./standalone.js";
