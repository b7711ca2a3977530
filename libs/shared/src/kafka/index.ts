export * from "./server-properties.js";
