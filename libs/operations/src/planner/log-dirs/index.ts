export { logDirModel } from "./model.js";
export {
  DEFAULT_LOG_DIR_BAND,
  DEFAULT_MAX_DISK_USE,
  type LogDirBrokerPlan,
  type LogDirMove,
  type LogDirPlan,
  type LogDirPlanInput,
  type PlannerJbodBroker,
  planLogDirMoves,
} from "./plan-log-dir-moves.js";
