export { EMBEDDED_DATABASE_FILE, EmbeddedStore } from "./embedded/embedded-store.js";
export { MongoStore, type MongoStoreOptions } from "./mongo/mongo-store.js";
export { openStore } from "./open-store.js";
export * from "./repositories.js";
export { canonicalJson, fileBindingId, type RoleBindingRecord, type RoleBindingRepository } from "./role-bindings.js";
export type { Store, StoreKind } from "./store.js";
export { isStoreUnavailable } from "./unavailable.js";
