export { operationsWorkerModule } from "./module.js";
export { createOperationsWorker, type OperationsWorker, type OperationsWorkerDependencies } from "./worker.js";
