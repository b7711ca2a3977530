export { AppError, type AppErrorOptions, isAppError, toAppError } from "./app-error.js";
export { ERROR_CATALOG, ERROR_CODES, type ErrorCode, type ErrorEnvelope } from "./catalog.js";
