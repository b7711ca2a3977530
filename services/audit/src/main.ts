import { runService } from "@kcp/process";
import { auditModule } from "./module.js";

/** The audit service on its own: appends the `audit` queue's events to the store. */
runService(auditModule);
