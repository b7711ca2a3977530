import { currentOpenApiDocument } from "./current-document.js";

/** Prints the OpenAPI document of this build to stdout (`scripts/run-ts.sh` this file > openapi.json). */
process.stdout.write(`${JSON.stringify(currentOpenApiDocument(), null, 2)}\n`);
