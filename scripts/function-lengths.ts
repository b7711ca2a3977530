/**
 * Function lengths in the source of the workspaces: every function, method, accessor, constructor and arrow function,
 * counted from its first line (signature, without the comment before it) to its last, nested functions included.
 * Generated files (a first line that says "Generated" and "Do not edit") are left out. With `--code`, only lines with
 * code count (no blank lines, no lines that are only a comment).
 *
 *   scripts/run-ts.sh scripts/function-lengths.ts [--over 80] [--top 10] [--max 150] [--code] [roots...]
 *
 * Prints how many functions are longer than `--over` and than `--max` lines, the `--top` longest, and every function
 * over `--max`; exits 1 when any is over `--max` (so a lint step can hold the line).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const defaultRoots = ["libs/*/src", "services/*/src", "apps/*/src", "tools/test-infra/src"];

interface Measured {
  file: string;
  line: number;
  name: string;
  lines: number;
}

function option(args: string[], name: string, fallback: number): number {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  const value = Number(args[at + 1]);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} wants a whole number`);
  args.splice(at, 2);
  return value;
}

/** Expands a root with `*` segments (as in the default roots) into the directories that exist. */
function expand(root: string): string[] {
  const parts = root.split("/");
  const star = parts.indexOf("*");
  if (star < 0) return exists(root) ? [root] : [];
  const parent = parts.slice(0, star).join("/") || ".";
  if (!exists(parent)) return [];
  return readdirSync(parent)
    .sort()
    .flatMap((entry) => expand([...parts.slice(0, star), entry, ...parts.slice(star + 1)].join("/")));
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path);
      return /\.(ts|tsx|mts|cts)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
    });
}

function generated(text: string): boolean {
  const first = text.split("\n", 1)[0] ?? "";
  return /generated/i.test(first) && /do not edit/i.test(first);
}

/** A name a reader can find: the declaration's own, else what it is assigned to or passed to. */
function nameOf(node: ts.SignatureDeclaration, file: ts.SourceFile): string {
  const own = node.name ? node.name.getText(file) : undefined;
  const owner = ts.isClassLike(node.parent) && node.parent.name ? `${node.parent.name.text}.` : "";
  if (ts.isConstructorDeclaration(node)) return `${owner}constructor`;
  if (own) return `${owner}${own}`;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText(file);
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText(file);
    const first = parent.arguments[0];
    const title = first && ts.isStringLiteralLike(first) ? ` "${first.text}"` : "";
    return `<callback of ${callee.length > 40 ? `${callee.slice(0, 40)}…` : callee}${title}>`;
  }
  return "<anonymous>";
}

function measure(path: string, codeOnly: boolean): Measured[] {
  const text = readFileSync(path, "utf8");
  const textLines = text.split("\n");
  const counted = (start: number, end: number) =>
    codeOnly ? textLines.slice(start, end + 1).filter((l) => !/^\s*($|\/\/|\/\*|\*)/.test(l)).length : end - start + 1;
  if (generated(text)) return [];
  const kind = path.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const found: Measured[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isFunctionDeclaration(node) ||
        ts.isFunctionExpression(node) ||
        ts.isArrowFunction(node) ||
        ts.isMethodDeclaration(node) ||
        ts.isConstructorDeclaration(node) ||
        ts.isGetAccessorDeclaration(node) ||
        ts.isSetAccessorDeclaration(node)) &&
      node.body
    ) {
      const start = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const end = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ file: path, line: start + 1, name: nameOf(node, file), lines: counted(start, end) });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const args = process.argv.slice(2);
const over = option(args, "--over", 80);
const top = option(args, "--top", 10);
const max = option(args, "--max", 150);
const codeOnly = args.includes("--code");
if (codeOnly) args.splice(args.indexOf("--code"), 1);
const roots = (args.length > 0 ? args : defaultRoots).flatMap(expand);
const all = roots
  .flatMap(sourceFiles)
  .flatMap((path) => measure(path, codeOnly))
  .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file) || a.line - b.line);

const where = (m: Measured) => `${relative(process.cwd(), m.file)}:${m.line}`;
const row = (m: Measured) => `${String(m.lines).padStart(5)}  ${m.name}  ${where(m)}`;
const overMax = all.filter((m) => m.lines > max);
console.log(`${all.length} functions in ${roots.length} source roots`);
console.log(`over ${over} lines: ${all.filter((m) => m.lines > over).length}`);
console.log(`over ${max} lines: ${overMax.length}`);
if (top > 0) console.log(`longest ${top}:`);
for (const m of all.slice(0, top)) console.log(row(m));
if (overMax.length > 0) {
  console.log(`over ${max} lines:`);
  for (const m of overMax) console.log(row(m));
  process.exitCode = 1;
}
