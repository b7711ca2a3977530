/**
 * The import rules of the workspace, checked against the code: `npm run lint` runs it (scripts/lint.sh); alone,
 * `bash scripts/run-ts.sh scripts/check-imports.ts [repo root]`.
 *
 * Every package under libs/, services/ and apps/ has a README.md with a line "One job:" (what it is for, one sentence)
 * and a paragraph "May import:" naming the `@kcp/*` packages its source may import (or "nothing of the workspace"; an
 * entry point such as `@kcp/shared/lists` allows that entry point only), optionally followed by "Must not import:"
 * naming those it must not. The rule is the README's: a problem is
 *
 * - a README without "One job:" or "May import:", or naming a package that does not exist;
 * - a rule against the layers: a lib may not allow a service or an app, a service may not allow an app;
 * - a package named both allowed and forbidden;
 * - an import in src/** of an `@kcp/*` package the rule does not allow, or one package.json does not declare, or a
 *   relative import that leaves the package's folder (which would pass by the rule);
 * - an `@kcp/*` entry of package.json's `dependencies` the rule does not allow.
 *
 * Tests and devDependencies are outside the rule (a lib's tests may start a service). Each problem names the file and
 * line, the import and the README line to change. Exit code 1 when there is any.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The folders whose packages state their rules, in layer order: a package may not allow one of a later layer. */
export const LAYERS = ["libs", "services", "apps"] as const;
type Layer = (typeof LAYERS)[number];

export interface ImportRule {
  readme: string;
  oneJob?: { line: number; text: string };
  mayImport?: { line: number; text: string; allowed: Set<string> };
  mustNot?: { line: number; forbidden: Set<string> };
}

export interface Package {
  name: string;
  dir: string;
  layer: Layer;
  dependencies: string[];
  declared: Set<string>;
}

export interface CheckResult {
  problems: string[];
  packages: number;
  imports: number;
}

/** A package, or one entry point of it (`@kcp/shared/lists`): a rule may allow an entry point and not the rest. */
const KCP_NAME = /@kcp\/[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][a-z0-9/-]*[a-z0-9])?/g;
const SOURCE_FILE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
/** Static imports and re-exports (`from "…"`, `import "…"`), dynamic `import("…")` and `require("…")`. */
const IMPORT =
  /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["']((@kcp\/[a-z0-9][a-z0-9-]*)(?:\/[^"']*)?|\.{1,2}\/[^"']*)["']/g;
/** The package of a name or entry point: `@kcp/shared/lists` → `@kcp/shared`. */
const packageOf = (name: string) => name.split("/").slice(0, 2).join("/");
/** Whether an entry of the rule covers an import: the package covers each of its entry points, an entry point itself. */
const covers = (allowed: Set<string>, specifier: string) =>
  [...allowed].some((entry) => specifier === entry || specifier.startsWith(`${entry}/`));

/** The text of a README's labelled paragraph: the label's line and the lines after it up to a blank line or label. */
function paragraph(lines: string[], label: RegExp): { line: number; text: string } | undefined {
  const start = lines.findIndex((line) => label.test(line));
  if (start < 0) return undefined;
  const taken = [(lines[start] as string).replace(label, "")];
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.trim() === "" || /^\s*([-*]\s+)?(\*\*)?(One job|May import|Must not import):/i.test(line)) break;
    if (/^\s*[-*]\s/.test(line)) break;
    taken.push(line);
  }
  return {
    line: start + 1,
    text: taken
      .join(" ")
      .replace(/^\**\s*/, "")
      .trim(),
  };
}

/** A README's label at the start of a line, maybe bold, maybe a list item: `- **May import:** …`. */
const label = (name: string) => new RegExp(`^\\s*(?:[-*]\\s+)?(?:\\*\\*)?${name}:(?:\\*\\*)?`, "i");

export function parseRule(readme: string, text: string): ImportRule {
  const lines = text.split("\n");
  const rule: ImportRule = { readme };
  const job = paragraph(lines, label("One job"));
  if (job && job.text !== "") rule.oneJob = job;
  const may = paragraph(lines, label("May import"));
  // Names after "must not" or "never" on the rule's own lines are not allowed ones.
  const allowedPart = may?.text.split(/\b(must not|never)\b/i)[0] ?? "";
  if (may) rule.mayImport = { ...may, allowed: new Set(allowedPart.match(KCP_NAME) ?? []) };
  const mustNot = paragraph(lines, label("Must not import"));
  if (mustNot) rule.mustNot = { line: mustNot.line, forbidden: new Set(mustNot.text.match(KCP_NAME) ?? []) };
  return rule;
}

export function packagesOf(root: string): Package[] {
  const found: Package[] = [];
  for (const layer of LAYERS) {
    const base = join(root, layer);
    if (!existsSync(base)) continue;
    for (const entry of readdirSync(base, { withFileTypes: true })) {
      const dir = join(base, entry.name);
      if (!entry.isDirectory() || !existsSync(join(dir, "package.json"))) continue;
      const json = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
        name: string;
        dependencies?: Record<string, string>;
        devDependencies?: Record<string, string>;
        peerDependencies?: Record<string, string>;
      };
      const dependencies = Object.keys(json.dependencies ?? {});
      const declared = new Set([
        ...dependencies,
        ...Object.keys(json.devDependencies ?? {}),
        ...Object.keys(json.peerDependencies ?? {}),
      ]);
      found.push({ name: json.name, dir, layer, dependencies, declared });
    }
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE_FILE.test(entry.name) && !entry.name.endsWith(".d.ts"))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

type Import = { name: string; specifier: string; line: number } | { relative: string; line: number };

/**
 * Each `@kcp/*` package a source file imports (`name`, and `specifier` as written, e.g. `@kcp/shared/lists`), and each
 * relative path it imports (`relative`), with the line of the import.
 */
export function importsOf(text: string): Import[] {
  const found: Import[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const line = text.slice(0, match.index).split("\n").length;
    const specifier = match[1] as string;
    found.push(match[2] ? { name: match[2], specifier, line } : { relative: specifier, line });
  }
  return found;
}

export function checkImportRules(root: string): CheckResult {
  const rel = (path: string) => relative(root, path).replaceAll("\\", "/");
  const packages = packagesOf(root);
  const byName = new Map(packages.map((pkg) => [pkg.name, pkg]));
  const problems: string[] = [];
  let imports = 0;
  for (const pkg of packages) {
    const readmePath = join(pkg.dir, "README.md");
    const readme = rel(readmePath);
    if (!existsSync(readmePath)) {
      problems.push(`${rel(pkg.dir)}: no README.md (it says the package's "One job:" and what it "May import:")`);
      continue;
    }
    const rule = parseRule(readme, readFileSync(readmePath, "utf8"));
    if (!rule.oneJob) problems.push(`${readme}: no "One job:" line (what the package is for, one sentence)`);
    if (!rule.mayImport) {
      problems.push(`${readme}: no "May import:" line (the @kcp/* packages its src may import, or "nothing")`);
      continue;
    }
    const at = `${readme}:${rule.mayImport.line}`;
    const allowed = rule.mayImport.allowed;
    for (const name of [...allowed, ...(rule.mustNot?.forbidden ?? [])]) {
      if (!byName.has(packageOf(name))) problems.push(`${readme}: names ${name}, which is no package of the workspace`);
    }
    for (const name of allowed) {
      const other = byName.get(packageOf(name));
      if (other && LAYERS.indexOf(other.layer) > LAYERS.indexOf(pkg.layer))
        problems.push(`${at}: allows ${name}, but a package of ${pkg.layer}/ may not import one of ${other.layer}/`);
      if (rule.mustNot?.forbidden.has(name))
        problems.push(`${at}: allows ${name}, which ${readme}:${rule.mustNot.line} forbids`);
    }
    for (const file of sourceFiles(join(pkg.dir, "src"))) {
      for (const found of importsOf(readFileSync(file, "utf8"))) {
        if ("relative" in found) {
          const target = resolve(dirname(file), found.relative);
          if (relative(pkg.dir, target).startsWith(".."))
            problems.push(
              `${rel(file)}:${found.line}: imports ${found.relative}, outside ${rel(pkg.dir)}: import another package by its @kcp/* name`,
            );
          continue;
        }
        if (found.name === pkg.name) continue;
        imports++;
        const where = `${rel(file)}:${found.line}`;
        if (!covers(allowed, found.specifier))
          problems.push(
            `${where}: imports ${found.specifier}, which ${at} ("May import: …") does not allow — remove the import, or add ${found.specifier} to that line if the rule is wrong`,
          );
        else if (!pkg.declared.has(found.name))
          problems.push(`${where}: imports ${found.name}, which ${rel(pkg.dir)}/package.json does not declare`);
      }
    }
    for (const name of pkg.dependencies) {
      if (name.startsWith("@kcp/") && ![...allowed].some((entry) => packageOf(entry) === name))
        problems.push(
          `${rel(pkg.dir)}/package.json: "dependencies" lists ${name}, which ${at} ("May import: …") does not allow — remove it, or add ${name} to that line if the rule is wrong`,
        );
    }
  }
  return { problems, packages: packages.length, imports };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const began = performance.now();
  const root = resolve(process.argv[2] ?? join(fileURLToPath(import.meta.url), "..", ".."));
  const result = checkImportRules(root);
  for (const problem of result.problems) console.error(problem);
  const ms = Math.round(performance.now() - began);
  const summary = `import rules: ${result.packages} packages, ${result.imports} imports of @kcp/* packages checked against their READMEs in ${ms} ms`;
  if (result.problems.length > 0) {
    console.error(`${summary}: ${result.problems.length} problem(s)`);
    process.exitCode = 1;
  } else console.log(`${summary}: all allowed`);
}
