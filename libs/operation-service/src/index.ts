export { OperationService, type OperationServiceDependencies, PLAN_LIFETIME_MS } from "./operation-service.js";
export { type OperationDocument, operationView } from "./operation-view.js";
