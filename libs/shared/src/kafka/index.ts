export { diskUsedPercent, usedPercent } from "./disk.js";
export * from "./server-properties.js";
