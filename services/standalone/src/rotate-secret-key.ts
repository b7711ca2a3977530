import { resealSecrets } from "@kcp/clusters";
import {
  ConfigError,
  createLogger,
  loadConfig,
  loadSecretBox,
  logSection,
  secretsSection,
  storeSection,
} from "@kcp/shared";
import { openStore } from "@kcp/store";

/**
 * `npm run rotate-secret-key`: re-seals every cluster's secrets under SECRET_KEY (or SECRET_KEY_FILE), opening the
 * old blobs with the keys in SECRET_KEYS_PREVIOUS. Same store settings as the service (STORE, DATA_DIR, MONGO_URL).
 */
async function main(): Promise<void> {
  const config = loadConfig(logSection.and(storeSection).and(secretsSection));
  const logger = createLogger({ name: "rotate-secret-key", level: config.LOG_LEVEL, format: config.LOG_FORMAT });
  if (!config.SECRET_KEY && !config.SECRET_KEY_FILE)
    throw new ConfigError(["SECRET_KEY or SECRET_KEY_FILE: the new key is required"]);
  const box = await loadSecretBox(config, { logger });
  const store = await openStore(config, logger);
  try {
    const result = await resealSecrets(store, box);
    logger.info({ ...result, keyId: box.current.id }, "secrets re-sealed under the current key");
    if (result.unopenable.length > 0) {
      logger.error({ clusters: result.unopenable }, "no configured key opens these clusters' secrets: left untouched");
      process.exitCode = 2;
    }
  } finally {
    await store.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`rotate-secret-key failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
