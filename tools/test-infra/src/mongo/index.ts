export { ensureFerretDb, FERRETDB_VERSION } from "./ferretdb-binary.js";
export { getSharedMongo, type MongoServer, startFerretDb, startMongo } from "./mongo-server.js";
