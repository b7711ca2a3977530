import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { clientTypes } from "./client-types.js";

/**
 * Writes the API client's types (libs/api-client/src/schema.ts) from this build's OpenAPI document: the gateway makes
 * the client of its API, the client depends on nothing of the gateway. A test fails while the file is out of date.
 */
const target = fileURLToPath(new URL("../../../libs/api-client/src/schema.ts", import.meta.url));
writeFileSync(target, await clientTypes());
console.log(`wrote ${target}`);
