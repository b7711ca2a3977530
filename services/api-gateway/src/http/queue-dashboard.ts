import { createBullBoard } from "@bull-board/api";
import { BullMQAdapter } from "@bull-board/api/bullMQAdapter";
import { ExpressAdapter } from "@bull-board/express";
import { BullMqQueue, type JobQueue } from "@kcp/queue";
import { AppError, roleRank, serviceRank } from "@kcp/shared";
import type { Store } from "@kcp/store";
import { type NextFunction, type Request, type Response, Router } from "express";
import type { AccessBook } from "../auth/access-book.js";
import { authenticate } from "../auth/authenticate.js";

export const QUEUE_DASHBOARD_PATH = "/admin/queues";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function adminOnly(req: Request, _res: Response, next: NextFunction): void {
  if (!req.principal) next(new AppError("unauthenticated"));
  else if (serviceRank(req.principal.access) < roleRank("admin"))
    next(new AppError("forbidden", "The queue dashboard needs the admin role"));
  else next();
}

/**
 * The CSRF rule for the dashboard's actions (retry, clean, pause…): the API's `X-Service-Request: 1`, or — since the
 * dashboard's own page cannot add that header — an `Origin` naming this host, which a browser always sends on such
 * requests and a cross-site page cannot forge. The session cookie is SameSite=Strict as well.
 */
function sameOrigin(req: Request): boolean {
  const origin = req.get("origin");
  if (!origin || !URL.canParse(origin)) return false;
  return new URL(origin).host === req.get("host");
}

function sameOriginActions(req: Request, _res: Response, next: NextFunction): void {
  if (SAFE_METHODS.has(req.method) || req.get("x-service-request") === "1" || sameOrigin(req)) next();
  else
    next(new AppError("csrf_header_required", "Dashboard actions need X-Service-Request: 1 or a same-origin Origin"));
}

/**
 * bull-board at /admin/queues, showing every queue of the service (BullMQ only: the in-process queue of `npm start`
 * has no dashboard), for admins.
 */
export function queueDashboard(queue: JobQueue, store: Store, access: AccessBook): Router {
  const router = Router();
  router.use(authenticate(store, access), adminOnly, sameOriginActions);
  if (!(queue instanceof BullMqQueue)) {
    router.use((_req, _res, next) => next(new AppError("not_found", "The queue dashboard needs QUEUE=bullmq")));
    return router;
  }
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: queue.bullQueues().map((q) => new BullMQAdapter(q)),
    serverAdapter,
    options: { uiConfig: { boardTitle: "Kafka control plane queues" } },
  });
  router.use(serverAdapter.getRouter());
  return router;
}
