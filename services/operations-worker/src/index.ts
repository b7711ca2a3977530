export { createOperationsWorker, type OperationsWorker, type OperationsWorkerDependencies } from "./worker.js";
