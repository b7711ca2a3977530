export { EMBEDDED_DATABASE_FILE, EmbeddedStore } from "./embedded/embedded-store.js";
export { openStore } from "./open-store.js";
export type * from "./repositories.js";
export type { Store, StoreKind } from "./store.js";
