import {
  type Component,
  ConfigError,
  createLogger,
  type LogFormat,
  type Logger,
  loadConfig,
  stopOnSignals,
} from "@kcp/shared";
import type { z } from "zod";
import { surviveDependencyOutages } from "./dependency-outage.js";

export interface StartedProcess {
  /** Where the process answers HTTP (its API, or its ops endpoints). */
  url: string;
  /** In shutdown order. */
  components: Component[];
  /** Logged beside the url on the "listening" line. */
  facts?: Record<string, unknown>;
}

/**
 * The main of a service process: loads and checks its configuration (an error names the variable and exits 1), starts
 * it, stops it in order on SIGTERM/SIGINT, and logs one "listening" line with its URL (what scripts and tests wait for).
 */
export function runProcess<S extends z.ZodType<{ LOG_LEVEL: string; LOG_FORMAT: LogFormat }>>(
  service: string,
  schema: S,
  start: (config: z.infer<S>, logger: Logger) => Promise<StartedProcess>,
): void {
  let config: z.infer<S>;
  try {
    config = loadConfig(schema);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  const logger = createLogger({ name: service, level: config.LOG_LEVEL, format: config.LOG_FORMAT });
  surviveDependencyOutages(logger);
  start(config, logger).then(
    (started) => {
      stopOnSignals({ logger, components: () => started.components });
      logger.info({ url: started.url, ...started.facts }, "listening");
    },
    (error: unknown) => {
      process.stderr.write(`failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
