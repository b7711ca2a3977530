import { surviveDependencyOutages } from "@kcp/process";
import { ConfigError, createLogger, loadConfig, stopOnSignals } from "@kcp/shared";
import { standaloneConfigSchema } from "./config.js";
import { startStandalone } from "./standalone.js";

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig<typeof standaloneConfigSchema>>;
  try {
    config = loadConfig(standaloneConfigSchema);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  const logger = createLogger({ name: "standalone", level: config.LOG_LEVEL, format: config.LOG_FORMAT });
  surviveDependencyOutages(logger);
  const standalone = await startStandalone(config, logger);
  stopOnSignals({ logger, components: () => standalone.components });
  logger.info(
    { url: standalone.gateway.url, port: standalone.gateway.port, store: config.STORE, queue: config.QUEUE },
    "listening",
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
