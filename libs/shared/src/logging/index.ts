export { createLogger, type Logger, type LoggerOptions, SECRET_FIELDS } from "./logger.js";
