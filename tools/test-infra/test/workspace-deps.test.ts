import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { expect } from "chai";

/**
 * The rules of the house about dependencies (docs/architecture.md), read from the sources: each package's
 * package.json lists exactly the workspace packages its sources import; no service's sources import another service
 * (the standalone process, which is the list of services, excepted); only libs/kafka and the test harness import the
 * Kafka client library; libs/kafka knows nothing of node providers.
 */
const ROOT = join(import.meta.dirname, "..", "..", "..");
const GROUPS = ["apps", "libs", "services", "tools"];

interface Workspace {
  dir: string;
  name: string;
  dependencies: Set<string>;
  devDependencies: Set<string>;
}

function workspaces(): Workspace[] {
  return GROUPS.flatMap((group) =>
    readdirSync(join(ROOT, group))
      .map((entry) => join(ROOT, group, entry))
      .filter((dir) => statSync(dir).isDirectory() && exists(join(dir, "package.json")))
      .map((dir) => {
        const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
          name: string;
          dependencies?: Record<string, string>;
          devDependencies?: Record<string, string>;
        };
        return {
          dir: relative(ROOT, dir),
          name: pkg.name,
          dependencies: new Set(Object.keys(pkg.dependencies ?? {})),
          devDependencies: new Set(Object.keys(pkg.devDependencies ?? {})),
        };
      }),
  );
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

function sources(dir: string): string[] {
  if (!exists(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === "node_modules" || entry === "dist" ? [] : sources(path);
    return /\.(ts|tsx)$/.test(entry) && !entry.endsWith(".d.ts") ? [path] : [];
  });
}

/** The packages a file imports (`from "x"`, `import("x")`), by package name. */
function importsOf(file: string): Set<string> {
  const text = readFileSync(file, "utf8");
  const names = new Set<string>();
  for (const match of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)["']([^"'.][^"']*)["']/g)) {
    const specifier = match[1] as string;
    const parts = specifier.split("/");
    names.add(specifier.startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] as string));
  }
  return names;
}

const isWorkspace = (name: string) => name.startsWith("@kcp/");

/** Apps bundled at build time list everything they bundle as devDependencies. */
const BUNDLED = new Set(["@kcp/console", "@kcp/cli"]);

describe("workspace dependencies: the rules of the house, read from the sources", () => {
  const all = workspaces();
  const byName = new Map(all.map((w) => [w.name, w]));

  it("finds the workspaces", () => {
    expect(all.map((w) => w.name)).to.include.members(["@kcp/shared", "@kcp/kafka", "@kcp/standalone"]);
  });

  it("each package's sources import only workspace packages its package.json lists (tests: or its devDependencies)", () => {
    const missing: string[] = [];
    for (const workspace of all) {
      const runtime = BUNDLED.has(workspace.name)
        ? new Set([...workspace.dependencies, ...workspace.devDependencies])
        : workspace.dependencies;
      for (const [folder, allowed] of [
        ["src", runtime],
        ["test", new Set([...workspace.dependencies, ...workspace.devDependencies])],
      ] as const)
        for (const file of sources(join(ROOT, workspace.dir, folder)))
          for (const name of importsOf(file))
            if (isWorkspace(name) && name !== workspace.name && !allowed.has(name))
              missing.push(`${relative(ROOT, file)} imports ${name}`);
    }
    expect(missing).to.deep.equal([]);
  });

  it("no service's sources import another service; only the standalone process lists them", () => {
    const crossings: string[] = [];
    for (const workspace of all.filter((w) => w.dir.startsWith("services/") && w.name !== "@kcp/standalone"))
      for (const file of sources(join(ROOT, workspace.dir, "src")))
        for (const name of importsOf(file)) {
          const other = byName.get(name);
          if (other && other !== workspace && other.dir.startsWith("services/"))
            crossings.push(`${relative(ROOT, file)} imports ${name}`);
        }
    expect(crossings).to.deep.equal([]);
  });

  it("only libs/kafka and the test harness import the Kafka client library; libs/kafka imports no node provider", () => {
    const outside: string[] = [];
    for (const workspace of all.filter((w) => w.name !== "@kcp/kafka" && w.name !== "@kcp/test-infra"))
      for (const file of sources(join(ROOT, workspace.dir, "src")))
        if (importsOf(file).has("@platformatic/kafka")) outside.push(relative(ROOT, file));
    expect(outside).to.deep.equal([]);
    const kafka = byName.get("@kcp/kafka") as Workspace;
    const providers = sources(join(ROOT, kafka.dir, "src")).filter((file) => importsOf(file).has("@kcp/providers"));
    expect(providers.map((file) => relative(ROOT, file))).to.deep.equal([]);
    expect([...kafka.dependencies, ...kafka.devDependencies]).to.not.include("@kcp/providers");
  });
});
