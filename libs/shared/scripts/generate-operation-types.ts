/**
 * Writes src/generated/operation-types.ts: the operation types, in the contract's order, with the capability flag
 * each needs, for the clients that take the contract's lists without zod (`@kcp/shared/lists`: the console, the CLI).
 * It is written from the types' one definition, OPERATION_TYPE_DEFINITIONS in src/schemas/operations.ts.
 *
 * `npm run generate -w @kcp/shared` writes the file; `--check [file]` writes nothing and exits 1 when the file (by
 * default the checked-in one) is not what this would write — `npm run lint` runs that (scripts/lint.sh).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { OPERATION_TYPE_DEFINITIONS } from "../src/schemas/operations.js";

export const OPERATION_TYPES_FILE = fileURLToPath(new URL("../src/generated/operation-types.ts", import.meta.url));
const COMMAND = "npm run generate -w @kcp/shared";

/** The text of the generated module, formatted as Biome would. */
export function operationTypesModule(): string {
  const entries = Object.entries(OPERATION_TYPE_DEFINITIONS).map(
    ([type, definition]) => `  ${type}: ${JSON.stringify(definition.capability)},`,
  );
  return [
    `// Generated from OPERATION_TYPE_DEFINITIONS (src/schemas/operations.ts) by \`${COMMAND}\`. Do not edit.`,
    "",
    "/** The operation types, in the contract's order, each with the capability flag it needs. */",
    "export const OPERATION_TYPE_CAPABILITY = {",
    ...entries,
    "} as const;",
    "",
  ].join("\n");
}

/** Why the file is out of date (missing or different from what the generator writes), or undefined when current. */
export function staleOperationTypes(file: string = OPERATION_TYPES_FILE): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return `${file} is missing: run \`${COMMAND}\``;
  }
  if (text === operationTypesModule()) return undefined;
  return `${file} is out of date with OPERATION_TYPE_DEFINITIONS (libs/shared/src/schemas/operations.ts): run \`${COMMAND}\``;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args[0] === "--check") {
    const problem = staleOperationTypes(args[1] ? resolve(args[1]) : OPERATION_TYPES_FILE);
    if (problem) {
      console.error(problem);
      process.exitCode = 1;
    } else console.log("generated operation types: up to date");
  } else {
    writeFileSync(OPERATION_TYPES_FILE, operationTypesModule());
    console.log(`wrote ${OPERATION_TYPES_FILE}`);
  }
}
