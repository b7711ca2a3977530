export { loadOf } from "./load.js";
export {
  ALL_GOALS,
  type Goal,
  type PlannerBroker,
  type PlannerInput,
  type PlannerPartition,
  plannerModel,
} from "./model.js";
export { type MovePlan, planMoves } from "./plan-moves.js";
