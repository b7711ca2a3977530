import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import { checkImportRules, parseRule } from "../../../scripts/check-imports.ts";

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

interface FixturePackage {
  dir: string;
  name: string;
  dependencies?: string[];
  readme?: string;
  src?: Record<string, string>;
}

/** A workspace in a temporary folder: each package's package.json, README.md and src files. */
function workspace(packages: FixturePackage[]): string {
  const root = mkdtempSync(join(tmpdir(), "kcp-import-rules-"));
  for (const pkg of packages) {
    const dir = join(root, pkg.dir);
    mkdirSync(join(dir, "src"), { recursive: true });
    const dependencies = Object.fromEntries((pkg.dependencies ?? []).map((name) => [name, "*"]));
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: pkg.name, dependencies }));
    if (pkg.readme !== undefined) writeFileSync(join(dir, "README.md"), pkg.readme);
    for (const [file, text] of Object.entries(pkg.src ?? {})) {
      mkdirSync(dirname(join(dir, "src", file)), { recursive: true });
      writeFileSync(join(dir, "src", file), text);
    }
  }
  return root;
}

const rule = (job: string, may: string, mustNot?: string) =>
  `# title\n\n- **One job:** ${job}\n- **May import:** ${may}\n${mustNot ? `- **Must not import:** ${mustNot}\n` : ""}\nMore.\n`;

/**
 * A small workspace that keeps its rules: a contract lib, a store lib over it, a service over both, and an app that may
 * import one entry point of the contract only.
 */
function goodPackages(): FixturePackage[] {
  return [
    {
      dir: "libs/shared",
      name: "@kcp/shared",
      readme: rule("the contract.", "nothing of the workspace."),
      src: { "index.ts": "export const x = 1;\n" },
    },
    {
      dir: "libs/store",
      name: "@kcp/store",
      dependencies: ["@kcp/shared", "zod"],
      readme: rule("the store.", "`@kcp/shared`.", "a service (`@kcp/api`)."),
      src: {
        "index.ts": 'import { x } from "@kcp/shared";\nimport { z } from "zod";\nexport const y = x;\n',
        "inner/self.ts": 'export { y } from "@kcp/store";\n',
      },
    },
    {
      dir: "services/api",
      name: "@kcp/api",
      dependencies: ["@kcp/shared", "@kcp/store"],
      readme: rule("the API.", "`@kcp/shared` and\n  `@kcp/store`."),
      src: {
        "main.ts": [
          "import {",
          "  type A,",
          '} from "@kcp/shared";',
          'import type { B } from "@kcp/store/sub";',
          'const later = () => import("@kcp/store");',
          "",
        ].join("\n"),
      },
    },
    {
      dir: "apps/web",
      name: "@kcp/web",
      dependencies: ["@kcp/shared"],
      readme: rule("the web page.", "`@kcp/shared/lists`.", "the rest of `@kcp/shared`, `@kcp/store`."),
      src: { "page.tsx": 'import { STATUSES } from "@kcp/shared/lists";\n' },
    },
  ];
}

function withChange(change: (packages: FixturePackage[]) => void): string {
  const packages = goodPackages();
  change(packages);
  return workspace(packages);
}

const byDir = (packages: FixturePackage[], dir: string) => packages.find((p) => p.dir === dir) as FixturePackage;

describe("import rules (scripts/check-imports.ts)", () => {
  const roots: string[] = [];
  const made = (root: string) => {
    roots.push(root);
    return root;
  };
  after(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  it("reads a README's one job, the packages it may import (over several lines) and those it must not", () => {
    const parsed = parseRule(
      "x/README.md",
      "# t\n\n- **One job:** one thing.\n- **May import:** `@kcp/a`,\n  `@kcp/b`, never `@kcp/c`.\n- **Must not import:** `@kcp/d`.\n",
    );
    expect(parsed.oneJob).to.deep.equal({ line: 3, text: "one thing." });
    expect(parsed.mayImport?.line).to.equal(4);
    expect([...(parsed.mayImport?.allowed ?? [])]).to.deep.equal(["@kcp/a", "@kcp/b"]);
    expect([...(parsed.mustNot?.forbidden ?? [])]).to.deep.equal(["@kcp/d"]);
  });

  it("passes a workspace whose imports and dependencies keep the stated rules", () => {
    const result = checkImportRules(made(workspace(goodPackages())));
    expect(result.problems).to.deep.equal([]);
    expect(result.packages).to.equal(4);
    expect(result.imports).to.equal(5);
  });

  it("fails on an import the README does not allow, naming the file and line, the import and the README line", () => {
    const root = made(
      withChange((packages) => {
        byDir(packages, "libs/store").src = {
          "index.ts": 'import { x } from "@kcp/shared";\n',
          "deep/call.ts": '// a comment\nimport { start } from "@kcp/api";\n',
        };
      }),
    );
    expect(checkImportRules(root).problems).to.deep.equal([
      'libs/store/src/deep/call.ts:2: imports @kcp/api, which libs/store/README.md:4 ("May import: …") does not allow — remove the import, or add @kcp/api to that line if the rule is wrong',
    ]);
  });

  it("fails on a relative import that leaves the package's folder, and lets those inside it be", () => {
    const root = made(
      withChange((packages) => {
        byDir(packages, "libs/store").src = {
          "index.ts": 'import { x } from "@kcp/shared";\nexport { y } from "./inner/y.js";\n',
          "inner/y.ts":
            'import { x } from "../index.js";\nimport { start } from "../../../../services/api/src/main.js";\n',
        };
      }),
    );
    expect(checkImportRules(root).problems).to.deep.equal([
      "libs/store/src/inner/y.ts:2: imports ../../../../services/api/src/main.js, outside libs/store: import another package by its @kcp/* name",
    ]);
  });

  it("allows an entry point of a package without the rest of it", () => {
    const root = made(
      withChange((packages) => {
        byDir(packages, "apps/web").src = {
          "page.tsx": 'import { STATUSES } from "@kcp/shared/lists";\nimport { createLogger } from "@kcp/shared";\n',
        };
      }),
    );
    expect(checkImportRules(root).problems).to.deep.equal([
      'apps/web/src/page.tsx:2: imports @kcp/shared, which apps/web/README.md:4 ("May import: …") does not allow — remove the import, or add @kcp/shared to that line if the rule is wrong',
    ]);
  });

  it("the command fails (exit code 1) and prints the problem", () => {
    const root = made(
      withChange((packages) => {
        byDir(packages, "libs/shared").src = { "index.ts": 'export * from "@kcp/store";\n' };
      }),
    );
    const run = spawnSync(
      process.execPath,
      ["--conditions=source", "--import", "tsx", join(repoRoot, "scripts", "check-imports.ts"), root],
      { encoding: "utf8" },
    );
    expect(run.status).to.equal(1);
    expect(run.stderr).to.contain("libs/shared/src/index.ts:1: imports @kcp/store, which libs/shared/README.md:4");
    expect(run.stderr).to.match(/import rules: 4 packages, \d+ imports .*: 1 problem/);
  });

  it("fails on a package.json dependency the README does not allow, and on an import package.json does not declare", () => {
    const root = made(
      withChange((packages) => {
        byDir(packages, "libs/store").dependencies = ["@kcp/api"];
      }),
    );
    expect(checkImportRules(root).problems).to.deep.equal([
      "libs/store/src/index.ts:1: imports @kcp/shared, which libs/store/package.json does not declare",
      'libs/store/package.json: "dependencies" lists @kcp/api, which libs/store/README.md:4 ("May import: …") does not allow — remove it, or add @kcp/api to that line if the rule is wrong',
    ]);
  });

  it("fails on a README without its rule, a rule against the layers, and a package both allowed and forbidden", () => {
    const root = made(
      withChange((packages) => {
        byDir(packages, "libs/shared").readme = "# shared\n\nNo rule here.\n";
        byDir(packages, "libs/store").readme = rule(
          "the store.",
          "`@kcp/shared`, `@kcp/api`, `@kcp/gone`.",
          "`@kcp/api`.",
        );
        delete byDir(packages, "services/api").readme;
      }),
    );
    expect(checkImportRules(root).problems).to.deep.equal([
      'libs/shared/README.md: no "One job:" line (what the package is for, one sentence)',
      'libs/shared/README.md: no "May import:" line (the @kcp/* packages its src may import, or "nothing")',
      "libs/store/README.md: names @kcp/gone, which is no package of the workspace",
      "libs/store/README.md:4: allows @kcp/api, but a package of libs/ may not import one of services/",
      "libs/store/README.md:4: allows @kcp/api, which libs/store/README.md:5 forbids",
      'services/api: no README.md (it says the package\'s "One job:" and what it "May import:")',
    ]);
  });

  it("passes on this repository: every lib, service and app keeps the rule its README states", () => {
    const result = checkImportRules(repoRoot);
    expect(result.problems, result.problems.join("\n")).to.deep.equal([]);
    expect(result.packages).to.be.at.least(24);
  });
});
