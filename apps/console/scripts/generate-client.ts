import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { clientTypes } from "./client-types.js";

/** Writes src/api/schema.d.ts from this build's OpenAPI document (a test fails when it is out of date). */
const target = fileURLToPath(new URL("../src/api/schema.d.ts", import.meta.url));
writeFileSync(target, await clientTypes());
console.log(`wrote ${target}`);
