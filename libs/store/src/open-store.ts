import type { Logger, StoreConfig } from "@kcp/shared";
import { EmbeddedStore } from "./embedded/embedded-store.js";
import { MongoStore } from "./mongo/mongo-store.js";
import type { Store } from "./store.js";

/** The store chosen by configuration (`STORE`, `DATA_DIR`, `MONGO_URL`). */
export async function openStore(config: StoreConfig, logger?: Logger): Promise<Store> {
  switch (config.STORE) {
    case "embedded":
      return new EmbeddedStore(config.DATA_DIR);
    case "mongo":
      // The config schema requires MONGO_URL when STORE=mongo.
      return MongoStore.open({ url: config.MONGO_URL as string, ...(logger ? { logger } : {}) });
  }
}
