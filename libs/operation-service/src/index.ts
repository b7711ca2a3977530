export { LIGHT, planMovesPage, withHeads } from "./operation-heads.js";
export { enqueueRun, type OperationJob } from "./operation-jobs.js";
export { documentOf, type OperationChange, updateOperation } from "./operation-records.js";
export { OperationService, type OperationServiceDependencies } from "./operation-service.js";
export { movesPage, type OperationDocument, operationView } from "./operation-view.js";
export { expirePlan, PLAN_LIFETIME_MS } from "./plan-expiry.js";
