export {
  createLogger,
  isPrettyFormat,
  type LogFormat,
  type Logger,
  type LoggerOptions,
  SECRET_FIELDS,
  SENSITIVE_CONFIG_NAME,
} from "./logger.js";
