export {
  type Admission,
  AUTOPILOT_ROLE,
  actionRequest,
  admitPlan,
  autopilotActor,
  awaitingApproval,
  decide,
  isAutopilotActor,
  type PlannedFacts,
  type PolicyContext,
  type PolicyDecision,
  policyCovers,
  policyMatches,
} from "./decide.js";
export { DEFAULT_FIND_THRESHOLDS, type Finding, type FindThresholds, findAnomalies } from "./find.js";
export { type AutopilotJob, autopilotJobId, enqueueEvaluation } from "./jobs.js";
export {
  findThresholds,
  type PauseFacts,
  pauseInForce,
  pausesInForce,
  policyLabelsChanged,
  resumeHeldByPause,
} from "./scope.js";
export { EVENTS_KEPT, type TimelineChange, trackAnomalies, withEvent } from "./timeline.js";
export { inWindows, nextOpening, wallClock } from "./windows.js";
