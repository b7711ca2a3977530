import { runService } from "@kcp/process";
import { gatewayModule } from "./module.js";

/** The gateway on its own: the HTTP API (with /healthz, /readyz, /metrics); collections run in the collectors. */
runService(gatewayModule);
