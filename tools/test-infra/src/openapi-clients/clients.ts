import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { repoRoot } from "../common/index.js";
import { describeFailure, execCommand, lastLines, mustRun } from "./exec.js";
import {
  DEPENDENCY_PLUGIN,
  ensureOpenApiGenerator,
  ensureOpenApiPythonClient,
  ensurePythonEnv,
  OPENAPI_GENERATOR_VERSION,
  OPENAPI_PYTHON_CLIENT_VERSION,
} from "./tools.js";

/** The clients proved: four generators of openapi-generator and openapi-python-client. */
export const CLIENT_NAMES = ["python", "go", "java", "typescript-fetch", "openapi-python-client"] as const;
export type ClientName = (typeof CLIENT_NAMES)[number];

/**
 * How one client fared with one document. A generator or compiler that refuses the document is an outcome (kept in
 * the cache like a success); a download that fails is not (it throws, and the next run tries again).
 */
export interface ClientOutcome {
  client: ClientName;
  /** e.g. "openapi-generator 7.17.0 -g go". */
  generator: string;
  /** The folder of the generated client (its build beside it). */
  dir: string;
  /** Generated and built (imported, compiled, type-checked). */
  ok: boolean;
  /** Where it stopped, and what the tool said (the tail of its output). */
  failedAt?: "generate" | "build";
  error?: string;
  /** What the generator said it left out or could not handle (openapi-python-client's warnings). */
  warnings: string[];
  /** The document's operationIds found as methods (or modules) of the generated client. */
  operations: string[];
  seconds: number;
}

const MINUTE = 60_000;
/** Go's build settings: no VCS stamping, the local toolchain, no workspace; go.sum written as modules are fetched. */
export const goEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  GOFLAGS: "-buildvcs=false -mod=mod",
  GOTOOLCHAIN: "local",
  GOWORK: "off",
});
/** The JVM flags of the generator and javac: a batch job on a small machine. */
const JVM_FLAGS = ["-Xmx1g", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"];
export const JAVA_PACKAGE = "io.kcp.client";
export const PYTHON_PACKAGE = "kcp_client";
export const OPC_PACKAGE = "kcp_opc";
export const GO_MODULE = "github.com/kcp/kcp-go";

/** openapi-generator's and openapi-python-client's method names for an operationId `getOpenApiDocument`. */
export const snakeCase = (id: string) =>
  id
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .replace(/([a-z\d])([A-Z])/g, "$1_$2")
    .toLowerCase();
export const pascalCase = (id: string) => `${id[0]?.toUpperCase() ?? ""}${id.slice(1)}`;

async function filesUnder(dir: string, suffix: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
  return entries.filter((entry) => entry.endsWith(suffix)).map((entry) => join(dir, entry));
}

/** Every match of `pattern`'s first group in the files under `dir` ending with `suffix`. */
async function namesIn(dir: string, suffix: string, pattern: RegExp): Promise<Set<string>> {
  const names = new Set<string>();
  for (const file of await filesUnder(dir, suffix))
    for (const match of (await readFile(file, "utf8")).matchAll(pattern)) names.add(match[1] as string);
  return names;
}

interface ClientSpec {
  generator: string;
  /** Generates into `out` (a fresh folder) from `documentFile`; answers what the generator printed. */
  generate(documentFile: string, out: string): Promise<{ failed?: string; output: string }>;
  /** Builds (or imports) the generated client; answers the failure, if any. Throws when a download fails. */
  build(out: string): Promise<string | undefined>;
  /** The names the generated client has for operations, and the name it gives an operationId. */
  names(out: string): Promise<Set<string>>;
  nameOf(operationId: string): string;
  /** What in the generator's output says something was left out. */
  warnings?(output: string): string[];
}

/** openapi-generator with one generator and its options. */
function openApiGenerator(name: string, options: string[]): Pick<ClientSpec, "generator" | "generate"> {
  return {
    generator: `openapi-generator ${OPENAPI_GENERATOR_VERSION} -g ${name}`,
    async generate(documentFile, out) {
      const jar = await ensureOpenApiGenerator();
      const args = [...JVM_FLAGS, "-jar", jar, "generate", "-i", documentFile, "-g", name, "-o", out, ...options];
      const result = await execCommand("java", args, { cwd: join(out, ".."), timeoutMs: 10 * MINUTE });
      return result.code === 0
        ? { output: result.output }
        : { failed: describeFailure(`openapi-generator -g ${name}`, [], result), output: result.output };
    },
  };
}

/** A build step's failure (the command and the tail of its output), or undefined when it succeeded. */
async function failureOf(
  command: string,
  args: string[],
  cwd: string,
  env?: NodeJS.ProcessEnv,
  timeoutMs = 10 * MINUTE,
) {
  const result = await execCommand(command, args, { cwd, timeoutMs, ...(env ? { env } : {}) });
  return result.code === 0 ? undefined : describeFailure(command, args, result);
}

const HEADLINE = /^(WARNING|Unable to|Could not)/;

/**
 * openapi-python-client's warnings: paragraphs of a headline ("WARNING parsing POST /x … will not be generated",
 * "Unable to process schema …"), the reason, and the schema in JSON; each as its headline and reason.
 */
export function opcWarnings(output: string): string[] {
  const paragraphs = output.split(/\n\s*\n/).map((paragraph) => paragraph.trim());
  const warnings: string[] = [];
  paragraphs.forEach((paragraph, i) => {
    if (!HEADLINE.test(paragraph)) return;
    const next = paragraphs[i + 1] ?? "";
    const reason = next !== "" && !next.startsWith("{") && !HEADLINE.test(next) ? ` ${next.split("\n")[0]}` : "";
    warnings.push(`${paragraph.split("\n")[0]}${reason}`);
  });
  return warnings;
}

/**
 * The Python (in a virtual environment of the cache) with what a generated Python client requires installed: the
 * lines of openapi-generator's requirements.txt, openapi-python-client's install_requires in setup.py.
 */
export async function pythonOf(client: "python" | "openapi-python-client", out: string): Promise<string> {
  let requirements: string[];
  if (client === "python") {
    requirements = (await readFile(join(out, "requirements.txt"), "utf8"))
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "" && !line.startsWith("#"));
  } else {
    const setup = await readFile(join(out, "setup.py"), "utf8");
    const list = /install_requires=\[([^\]]*)\]/.exec(setup)?.[1] ?? "";
    requirements = [...list.matchAll(/"([^"]+)"/g)].map((m) => (m[1] as string).replaceAll(" ", ""));
  }
  return ensurePythonEnv(requirements);
}

/** Imports every module of a generated Python package (models and APIs), so a module that cannot load fails. */
const importAll = (pkg: string) =>
  [
    "import importlib, pkgutil",
    `import ${pkg}`,
    `for m in pkgutil.walk_packages(${pkg}.__path__, "${pkg}."): importlib.import_module(m.name)`,
  ].join("\n");

const SPECS: Record<ClientName, ClientSpec> = {
  python: {
    ...openApiGenerator("python", ["--package-name", PYTHON_PACKAGE]),
    async build(out) {
      const bin = await pythonOf("python", out);
      return failureOf(bin, ["-c", importAll(PYTHON_PACKAGE)], out, { ...process.env, PYTHONPATH: out });
    },
    names: (out) => namesIn(join(out, PYTHON_PACKAGE, "api"), ".py", /^ {4}def ([a-z0-9_]+)\(/gm),
    nameOf: snakeCase,
  },
  go: {
    ...openApiGenerator("go", [
      "--package-name",
      "kcp",
      "--git-user-id",
      "kcp",
      "--git-repo-id",
      "kcp-go",
      // Enum constants named after their enum (OPERATIONSTATUS_SUCCEEDED): without it two enums sharing a value clash.
      "--additional-properties",
      "enumClassPrefix=true",
    ]),
    async build(out) {
      // The generated tests need testify, which the client does not: they are not the client.
      await rm(join(out, "test"), { recursive: true, force: true });
      await mustRun("go", ["mod", "tidy"], { cwd: out, env: goEnv(), timeoutMs: 10 * MINUTE });
      return (
        (await failureOf("go", ["build", "./..."], out, goEnv(), 20 * MINUTE)) ??
        (await failureOf("go", ["vet", "./..."], out, goEnv(), 20 * MINUTE))
      );
    },
    names: (out) => namesIn(out, ".go", /^func \(a \*\w+APIService\) (\w+)\(ctx context\.Context/gm),
    nameOf: pascalCase,
  },
  java: {
    ...openApiGenerator("java", [
      "--group-id",
      "io.kcp",
      "--artifact-id",
      "kcp-client",
      "--invoker-package",
      JAVA_PACKAGE,
      "--api-package",
      `${JAVA_PACKAGE}.api`,
      "--model-package",
      `${JAVA_PACKAGE}.model`,
    ]),
    async build(out) {
      // The generated pom's compile dependencies, from Maven Central through ~/.m2; then javac alone (no Maven build).
      await mustRun(
        "mvn",
        ["-q", "-B", `${DEPENDENCY_PLUGIN}:copy-dependencies`, "-DincludeScope=compile", `-DoutputDirectory=libs`],
        { cwd: out, timeoutMs: 10 * MINUTE },
      );
      const sources = await filesUnder(join(out, "src", "main", "java"), ".java");
      await writeFile(join(out, "sources.txt"), `${sources.join("\n")}\n`);
      return failureOf(
        "javac",
        [
          ...JVM_FLAGS.map((flag) => `-J${flag}`),
          "-nowarn",
          "-encoding",
          "UTF-8",
          "-d",
          "classes",
          "-cp",
          "libs/*",
          "@sources.txt",
        ],
        out,
      );
    },
    names: (out) => namesIn(join(out, "src", "main", "java"), ".java", /public okhttp3\.Call (\w+)Call\(/g),
    nameOf: (id) => id,
  },
  "typescript-fetch": {
    ...openApiGenerator("typescript-fetch", []),
    async build(out) {
      const tsconfig = {
        compilerOptions: {
          target: "ES2022",
          module: "ESNext",
          moduleResolution: "Bundler",
          lib: ["ES2022", "DOM"],
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: [],
        },
        include: ["**/*.ts"],
      };
      await writeFile(join(out, "tsconfig.json"), `${JSON.stringify(tsconfig, null, 2)}\n`);
      const tsc = join(repoRoot, "node_modules", "typescript", "bin", "tsc");
      return failureOf(process.execPath, [tsc, "-p", "tsconfig.json"], out);
    },
    names: (out) => namesIn(join(out, "apis"), ".ts", /^ {4}async (\w+)Raw\(/gm),
    nameOf: (id) => id,
  },
  "openapi-python-client": {
    generator: `openapi-python-client ${OPENAPI_PYTHON_CLIENT_VERSION}`,
    async generate(documentFile, out) {
      const command = await ensureOpenApiPythonClient();
      const config = join(out, "..", "openapi-python-client.yaml");
      await writeFile(config, `project_name_override: kcp-opc\npackage_name_override: ${OPC_PACKAGE}\n`);
      const args = ["generate", "--path", documentFile, "--output-path", out, "--meta", "setup", "--config", config];
      const result = await execCommand(command, args, { cwd: join(out, ".."), timeoutMs: 10 * MINUTE });
      return result.code === 0
        ? { output: result.output }
        : { failed: describeFailure("openapi-python-client", args, result), output: result.output };
    },
    async build(out) {
      const bin = await pythonOf("openapi-python-client", out);
      return failureOf(bin, ["-c", importAll(OPC_PACKAGE)], out, { ...process.env, PYTHONPATH: out });
    },
    names: async (out) => {
      const modules = await filesUnder(join(out, OPC_PACKAGE, "api"), ".py");
      return new Set(modules.map((file) => /([a-z0-9_]+)\.py$/.exec(file)?.[1] ?? "").filter((n) => n !== "__init__"));
    },
    nameOf: snakeCase,
    warnings: opcWarnings,
  },
};

/** The generator's own label for a client. */
export const generatorOf = (client: ClientName) => SPECS[client].generator;

/** The operationIds of a document, in its order. */
export function operationIdsOf(document: unknown): string[] {
  const paths = (document as { paths?: Record<string, Record<string, { operationId?: string }>> }).paths ?? {};
  return Object.values(paths).flatMap((item) =>
    Object.entries(item)
      .filter(([method]) => ["get", "put", "post", "delete", "patch", "head", "options", "trace"].includes(method))
      .map(([, operation]) => operation.operationId)
      .filter((id): id is string => typeof id === "string"),
  );
}

/** Generates one client into `out` (emptied first) and builds it; the outcome, never a generator's error thrown. */
export async function generateClient(
  client: ClientName,
  documentFile: string,
  operationIds: string[],
  out: string,
): Promise<ClientOutcome> {
  const spec = SPECS[client];
  const started = Date.now();
  await rm(out, { recursive: true, force: true });
  const outcome = (fields: Partial<ClientOutcome>): ClientOutcome => ({
    client,
    generator: spec.generator,
    dir: out,
    ok: false,
    warnings: [],
    operations: [],
    seconds: Math.round((Date.now() - started) / 100) / 10,
    ...fields,
  });
  const generated = await spec.generate(documentFile, out);
  const warnings = spec.warnings?.(generated.output) ?? [];
  if (generated.failed) return outcome({ failedAt: "generate", error: generated.failed, warnings });
  const names = await spec.names(out);
  const operations = operationIds.filter((id) => names.has(spec.nameOf(id)));
  const failed = await spec.build(out);
  if (failed) return outcome({ failedAt: "build", error: lastLines(failed, 80), warnings, operations });
  return outcome({ ok: true, warnings, operations });
}
