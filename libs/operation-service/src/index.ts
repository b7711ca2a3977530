export { enqueueRun, type OperationJob, SWEEP_JOB_ID } from "./operation-jobs.js";
export { documentOf, type OperationChange, updateOperation } from "./operation-records.js";
export { OperationService, type OperationServiceDependencies } from "./operation-service.js";
export { type OperationDocument, operationView } from "./operation-view.js";
export { expirePlan, isExpired, PLAN_LIFETIME_MS } from "./plan-expiry.js";
