import type { Logger, ReadinessCheck } from "@kcp/shared";
import express, { type Express } from "express";
import helmet from "helmet";
import { accessLog } from "./http/access-log.js";
import { errorResponder, unknownRoute } from "./http/errors.js";
import { jsonBody } from "./http/json-body.js";
import { requestId } from "./http/request-id.js";
import { healthRoutes } from "./routes/health.js";

export interface GatewayDependencies {
  logger: Logger;
  /** What `/readyz` asks: the store and the queue. */
  readinessChecks: readonly ReadinessCheck[];
  isShuttingDown: () => boolean;
}

/** The Express application: middleware order is request id → security headers → log → body → routes → errors. */
export function createGatewayApp(deps: GatewayDependencies): Express {
  const app = express();
  app.disable("x-powered-by");
  app.use(requestId(deps.logger));
  app.use(helmet());
  app.use(accessLog());
  app.use((_req, res, next) => {
    if (deps.isShuttingDown()) res.setHeader("Connection", "close");
    next();
  });
  app.use(jsonBody());
  app.use(healthRoutes({ checks: deps.readinessChecks, isShuttingDown: deps.isShuttingDown }));
  app.use(unknownRoute);
  app.use(errorResponder);
  return app;
}
