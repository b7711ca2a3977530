export { createLogger, type Logger, type LoggerOptions, SECRET_FIELDS, SENSITIVE_CONFIG_NAME } from "./logger.js";
