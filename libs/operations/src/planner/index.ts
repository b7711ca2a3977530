export { type DiskBand, diskBand, diskBandBound, outside } from "./disk-band.js";
export { GOAL_FIGURES, type GoalReport } from "./goal-report.js";
export { loadOf } from "./load.js";
export {
  ALL_GOALS,
  capacityOf,
  type Goal,
  HARD_GOALS,
  type PlannerBroker,
  type PlannerInput,
  type PlannerPartition,
  plannerModel,
} from "./model.js";
export { type MovePlan, planMoves } from "./plan-moves.js";
