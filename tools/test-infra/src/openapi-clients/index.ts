export {
  CLIENT_NAMES,
  type ClientName,
  type ClientOutcome,
  GO_MODULE,
  generatorOf,
  JAVA_PACKAGE,
  OPC_PACKAGE,
  operationIdsOf,
  PYTHON_PACKAGE,
  pascalCase,
  snakeCase,
} from "./clients.js";
export {
  type PreparedClients,
  type PrepareOptions,
  prepareGeneratedClients,
  startClientPreparation,
} from "./prepare.js";
export { runClientSmoke, type SmokeInput, type SmokeResult } from "./smoke.js";
export { OPENAPI_GENERATOR_VERSION, OPENAPI_PYTHON_CLIENT_VERSION } from "./tools.js";
