export * from "./config/index.js";
export * from "./crypto/index.js";
export * from "./errors/index.js";
export * from "./kafka/index.js";
export * from "./logging/index.js";
export * from "./nodes/index.js";
export * from "./runtime/index.js";
export * from "./schemas/index.js";
