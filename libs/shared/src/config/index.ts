export { ConfigError, loadConfig } from "./load.js";
export {
  type AuthConfig,
  authSection,
  type HttpConfig,
  httpSection,
  type LogConfig,
  logSection,
  type QueueConfig,
  queueSection,
  type StoreConfig,
  storeSection,
} from "./sections.js";
