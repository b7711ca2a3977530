export {
  type DiskImbalance,
  diskImbalance,
  electablePreferred,
  type LeaderImbalance,
  leaderImbalance,
} from "./balance.js";
export { diskUsedPercent, usedPercent } from "./disk.js";
export * from "./server-properties.js";
