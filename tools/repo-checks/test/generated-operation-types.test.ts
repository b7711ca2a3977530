import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import {
  OPERATION_TYPES_FILE,
  operationTypesModule,
  staleOperationTypes,
} from "../../../libs/shared/scripts/generate-operation-types.ts";
import { OPERATION_TYPE_CAPABILITY, OPERATION_TYPES } from "../../../libs/shared/src/schemas/lists.ts";
import { OPERATION_TYPE_DEFINITIONS } from "../../../libs/shared/src/schemas/operations.ts";

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const script = join(repoRoot, "libs", "shared", "scripts", "generate-operation-types.ts");

/** `generate-operation-types.ts --check <file>`, as `npm run lint` runs it on the checked-in file. */
const check = (file: string) =>
  spawnSync(process.execPath, ["--conditions=source", "--import", "tsx", script, "--check", file], {
    encoding: "utf8",
  });

describe("the generated list of operation types (libs/shared/scripts/generate-operation-types.ts)", () => {
  const dir = mkdtempSync(join(tmpdir(), "kcp-operation-types-"));
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** A copy of the generated file with one change made to its text. */
  const changed = (name: string, change: (text: string) => string) => {
    const file = join(dir, name);
    writeFileSync(file, change(operationTypesModule()));
    return file;
  };

  it("is checked in as the generator writes it, and lists each defined type with its capability in the table's order", () => {
    expect(staleOperationTypes()).to.equal(undefined);
    expect(readFileSync(OPERATION_TYPES_FILE, "utf8")).to.equal(operationTypesModule());
    expect(OPERATION_TYPES).to.deep.equal(Object.keys(OPERATION_TYPE_DEFINITIONS));
    expect(Object.entries(OPERATION_TYPE_CAPABILITY)).to.deep.equal(
      Object.entries(OPERATION_TYPE_DEFINITIONS).map(([type, definition]) => [type, definition.capability]),
    );
  });

  it("is stale when a type is missing, a capability differs, or the order changed, and when the file is missing", () => {
    const missing = changed("missing.ts", (text) => text.replace('  migrateQuorum: "migrateQuorum",\n', ""));
    const capability = changed("capability.ts", (text) =>
      text.replace('drainBrokers: "reassign"', 'drainBrokers: "cordon"'),
    );
    const order = changed("order.ts", (text) =>
      text.replace(
        '  rebalance: "reassign",\n  drainBrokers: "reassign",',
        '  drainBrokers: "reassign",\n  rebalance: "reassign",',
      ),
    );
    for (const file of [missing, capability, order])
      expect(staleOperationTypes(file), file).to.match(/is out of date .*: run `npm run generate -w @kcp\/shared`$/);
    expect(staleOperationTypes(join(dir, "absent.ts"))).to.match(/is missing: run `npm run generate -w @kcp\/shared`$/);
  });

  it("the check `npm run lint` runs fails (exit code 1) on a stale file, naming the command to run, and passes the current one", () => {
    const stale = changed("stale.ts", (text) => text.replace('  applyDesiredState: "manageTopics",\n', ""));
    const failed = check(stale);
    expect(failed.status).to.equal(1);
    expect(failed.stderr).to.contain(`${stale} is out of date`).and.contain("npm run generate -w @kcp/shared");
    const passed = check(OPERATION_TYPES_FILE);
    expect(passed.status, passed.stderr).to.equal(0);
    expect(passed.stdout).to.contain("up to date");
  });
});
