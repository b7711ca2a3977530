export { ensureFerretDb, FERRETDB_VERSION } from "./ferretdb-binary.js";
export { getSharedMongo, type MongoServer, startMongo } from "./mongo-server.js";
