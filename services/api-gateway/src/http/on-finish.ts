import type { Request, Response } from "express";

/**
 * Runs `listener` once the response is sent. An error it throws is logged with the request id and goes no further:
 * an event listener's failure would otherwise end the process, taking every request in flight with it.
 */
export function onFinish(req: Request, res: Response, listener: () => void): void {
  res.once("finish", () => {
    try {
      listener();
    } catch (error) {
      try {
        req.log.error({ err: error }, "a response listener failed");
      } catch {
        // The logger itself failed: nothing is left to tell.
      }
    }
  });
}
