import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import express, { type NextFunction, type Request, type Response, type Router } from "express";

/** Where `npm run build` puts the console, from this file in src/ or dist/ of the gateway package. */
export const DEFAULT_CONSOLE_DIR = resolve(fileURLToPath(new URL("../../../../apps/console/dist", import.meta.url)));

/**
 * The console's own policy, stricter than helmet's default: no inline script or style at all (helmet allows inline
 * styles for pages such as the queue dashboard), no framing, API calls to this origin only.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** Paths the console never answers: the API, the queue dashboard, health and metrics keep their own answers. */
const NOT_CONSOLE = /^\/(api|admin|healthz|readyz|metrics)(\/|$)/;

function setConsoleHeaders(res: Response, path: string): void {
  res.setHeader("Content-Security-Policy", CONSOLE_CSP);
  // Vite names built assets by content hash: they never change; index.html always revalidates.
  res.setHeader("Cache-Control", path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
}

/**
 * The console's own files: its built assets and the files at its root (favicon.svg). A dotted name deeper down is a
 * page: a topic named `orders.001.events` has its page at `/clusters/{id}/topics/orders.001.events`.
 */
const isFilePath = (path: string) => path.startsWith("/assets/") || /^\/[^/]+\.[a-z0-9]+$/i.test(path);

/**
 * A browser loading a page of the console: GET or HEAD, not one of its files, and text/html named in Accept (as
 * browsers do when they navigate). API clients sending `Accept: *\/*` to an unknown path keep getting 404.
 */
function isPageNavigation(req: Request): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (NOT_CONSOLE.test(req.path) || isFilePath(req.path)) return false;
  return (req.headers.accept ?? "").includes("text/html");
}

/**
 * The web console at `/`: the built files, and index.html for every other page URL (the console routes in the
 * browser, so a deep link or a reload of `/clusters/x/topics` works). Without a build, pages answer 503 in plain text.
 */
export function consoleSite(directory: string = DEFAULT_CONSOLE_DIR): Router {
  const router = express.Router();
  const index = join(directory, "index.html");
  router.use((req: Request, res: Response, next: NextFunction) => {
    if (isPageNavigation(req) && !existsSync(index)) {
      res.status(503).type("text/plain").send("The web console is not built: run `npm run build` (or npm start).\n");
      return;
    }
    next();
  });
  router.use(
    express.static(directory, {
      index: false,
      etag: true,
      setHeaders: (res, path) => setConsoleHeaders(res, path),
    }),
  );
  // A middleware, not `router.get`: a route matching every path would make Express answer every OPTIONS with 200.
  router.use((req: Request, res: Response, next: NextFunction) => {
    if (!isPageNavigation(req)) return next();
    setConsoleHeaders(res, "index.html");
    res.sendFile(index);
  });
  return router;
}
