import { runService } from "@kcp/process";
import { collectorModule } from "./module.js";

/** The collector on its own (`npm start -w @kcp/collector` after a build): runs the `collect` queue. */
runService(collectorModule);
