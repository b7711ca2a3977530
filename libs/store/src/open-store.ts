import { AppError, type StoreConfig } from "@kcp/shared";
import { EmbeddedStore } from "./embedded/embedded-store.js";
import type { Store } from "./store.js";

/** The store chosen by configuration (`STORE`). */
export async function openStore(config: StoreConfig): Promise<Store> {
  switch (config.STORE) {
    case "embedded":
      return new EmbeddedStore(config.DATA_DIR);
    case "mongo":
      throw new AppError("internal", "STORE=mongo is not available in this build yet; use STORE=embedded");
  }
}
