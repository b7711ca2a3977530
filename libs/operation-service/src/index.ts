export { planMovesPage, withHeads } from "./operation-heads.js";
export { OperationService, type OperationServiceDependencies } from "./operation-service.js";
export { movesPage, operationView } from "./operation-view.js";
