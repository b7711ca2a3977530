import { runService } from "@kcp/process";
import { operationsWorkerModule } from "./module.js";

/** The operations worker on its own: runs the `operations` queue, expires plans, adopts orphaned operations. */
runService(operationsWorkerModule);
