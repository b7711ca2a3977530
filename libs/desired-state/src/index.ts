export { type AppliedFile, lastAppliedOf, replacedBy } from "./applied.js";
export {
  DesiredStateBook,
  type DesiredStateRecords,
  type PlanState,
  type Staging,
  type StagingBounds,
} from "./book.js";
export { openCredential, type SaltedCredential, sealCredentials } from "./credentials.js";
export {
  CHANGE_ORDER,
  type CurrentResources,
  type DesiredPlan,
  type DiffResult,
  diffDesiredState,
  type LastApplied,
} from "./diff.js";
export { type Drift, describeChange, driftIssue, driftOf, withDrift, withKeptDrift } from "./drift.js";
export { type ExportScope, exportDocuments, parseQuotaEntity } from "./export.js";
export { DesiredStateThread, desiredStateThread } from "./off-thread.js";
export { findOverlaps, type IndexedScope, type Overlap, type StepMeter } from "./overlap.js";
export { type ReadableParts, type ResourceReader, readCurrentResources } from "./read.js";
export { aclKey, credentialKey, isInternalTopic, OwnedScope, PrefixIndex, quotaEntityKey, scopeOf } from "./scope.js";
export {
  type AppliedSummary,
  refusedProblems,
  runThreadJob,
  type StagedFiles,
  stagedFiles,
  type ThreadJob,
  ThreadWork,
} from "./thread-work.js";
export {
  type CheckedPlanRequest,
  type CheckedPlanSummary,
  checkPlanRequest,
  checkPlanRequestBytes,
  describeIssue,
  filesDigest,
  type PlanRequestSummary,
  summaryOf,
} from "./validation.js";
