import { copyFile, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { repoRoot } from "../common/index.js";
import { type ClientName, type ClientOutcome, GO_MODULE, goEnv, pythonOf } from "./clients.js";
import { describeFailure, execCommand, mustRun } from "./exec.js";

/** The smoke scripts, one per client: tools/test-infra/openapi-clients/. */
const scripts = join(repoRoot, "tools", "test-infra", "openapi-clients");

/** What a smoke script is told (as KCP_SMOKE_* variables). */
export interface SmokeInput {
  url: string;
  username: string;
  password: string;
  /** The cluster to register under `clusterName`. */
  bootstrapServers: string[];
  clusterName: string;
  /** The topic to create (1 partition, replication factor `replicationFactor`) and find in the list. */
  topic: string;
  replicationFactor: number;
  /** A partition 0 whose leader is not its preferred replica: the electLeaders operation's. */
  electTopic: string;
  /**
   * The document's apiKey security scheme for the `X-Service-Request` header, set in the client's configuration;
   * empty when the document declares the header as a parameter of each operation instead (then passed as one).
   */
  csrfScheme: string;
}

/** What a smoke script did, as it printed it (its last line: `SMOKE {json}`). */
export interface SmokeResult {
  clusterId: string;
  topicListed: boolean;
  operationId: string;
  operationStatus: string;
  /** The audit entries of the registered cluster, newest first: `action target`. */
  audit: string[];
  /** How the script sent X-Service-Request: "configuration" (the apiKey scheme), "headers" or "argument". */
  csrf: string;
}

export interface SmokeRun {
  ok: boolean;
  result?: SmokeResult;
  /** The command and what it printed (for the failure message). */
  output: string;
  seconds: number;
}

const MINUTE = 60_000;

function smokeEnv(input: SmokeInput, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...extra,
    KCP_SMOKE_URL: input.url,
    KCP_SMOKE_USERNAME: input.username,
    KCP_SMOKE_PASSWORD: input.password,
    KCP_SMOKE_BOOTSTRAP: input.bootstrapServers.join(","),
    KCP_SMOKE_CLUSTER_NAME: input.clusterName,
    KCP_SMOKE_TOPIC: input.topic,
    KCP_SMOKE_REPLICATION_FACTOR: String(input.replicationFactor),
    KCP_SMOKE_ELECT_TOPIC: input.electTopic,
    KCP_SMOKE_CSRF_SCHEME: input.csrfScheme,
  };
}

/** How to run one client's smoke script: the command, built first where the language needs it (in `work`). */
async function smokeCommand(
  client: ClientName,
  dir: string,
  work: string,
): Promise<{ command: string; args: string[]; cwd: string; env?: NodeJS.ProcessEnv }> {
  switch (client) {
    case "python":
    case "openapi-python-client": {
      const python = await pythonOf(client, dir);
      const script = client === "python" ? "python_smoke.py" : "openapi_python_client_smoke.py";
      return { command: python, args: [join(scripts, script)], cwd: work, env: { PYTHONPATH: dir } };
    }
    case "go": {
      // A module of its own that uses the generated one from its folder.
      await writeFile(
        join(work, "go.mod"),
        `module kcpsmoke\n\ngo 1.23\n\nrequire ${GO_MODULE} v0.0.0\n\nreplace ${GO_MODULE} => ${dir}\n`,
      );
      await copyFile(join(dir, "go.sum"), join(work, "go.sum")).catch(() => {});
      await copyFile(join(scripts, "go", "main.go"), join(work, "main.go"));
      await mustRun("go", ["build", "-o", "smoke", "."], { cwd: work, env: goEnv(), timeoutMs: 10 * MINUTE });
      return { command: join(work, "smoke"), args: [], cwd: work };
    }
    case "java": {
      const classpath = [join(work, "classes"), join(dir, "classes"), join(dir, "libs", "*")].join(":");
      await mustRun(
        "javac",
        [
          "-J-XX:TieredStopAtLevel=1",
          "-d",
          join(work, "classes"),
          "-cp",
          classpath,
          join(scripts, "java", "Smoke.java"),
        ],
        { cwd: work, timeoutMs: 5 * MINUTE },
      );
      return { command: "java", args: ["-XX:TieredStopAtLevel=1", "-cp", classpath, "Smoke"], cwd: work };
    }
    case "typescript-fetch": {
      // The script imports the client as ./client/index.js; type-checked against it, then run with tsx.
      await symlink(dir, join(work, "client"));
      await copyFile(join(scripts, "typescript-fetch-smoke.ts"), join(work, "smoke.ts"));
      const tsconfig = {
        compilerOptions: {
          target: "ES2022",
          module: "ESNext",
          moduleResolution: "Bundler",
          lib: ["ES2022", "DOM"],
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          typeRoots: [join(repoRoot, "node_modules", "@types")],
          types: ["node"],
        },
        files: ["smoke.ts"],
      };
      await writeFile(join(work, "tsconfig.json"), JSON.stringify(tsconfig));
      const tsc = join(repoRoot, "node_modules", "typescript", "bin", "tsc");
      await mustRun(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: work, timeoutMs: 5 * MINUTE });
      const tsx = pathToFileURL(join(repoRoot, "node_modules", "tsx", "dist", "loader.mjs")).href;
      return { command: process.execPath, args: ["--import", tsx, join(work, "smoke.ts")], cwd: work };
    }
  }
}

/**
 * Runs one client's smoke script (tools/test-infra/openapi-clients/) against a running service: it logs in, registers
 * a cluster, creates and lists a topic, plans and confirms an electLeaders operation, follows it until it succeeds
 * and reads the audit log, all through the generated client; answers what it printed and its result line.
 */
export async function runClientSmoke(outcome: ClientOutcome, input: SmokeInput): Promise<SmokeRun> {
  const started = Date.now();
  const work = await mkdtemp(join(tmpdir(), `kcp-smoke-${outcome.client}-`));
  const seconds = () => Math.round((Date.now() - started) / 100) / 10;
  try {
    let how: Awaited<ReturnType<typeof smokeCommand>>;
    try {
      how = await smokeCommand(outcome.client, outcome.dir, work);
    } catch (error) {
      return { ok: false, output: `building the smoke script failed: ${(error as Error).message}`, seconds: seconds() };
    }
    const result = await execCommand(how.command, how.args, {
      cwd: how.cwd,
      env: smokeEnv(input, how.env),
      timeoutMs: 5 * MINUTE,
    });
    const line = result.output
      .split("\n")
      .reverse()
      .find((l) => l.startsWith("SMOKE "));
    const parsed = line ? (JSON.parse(line.slice("SMOKE ".length)) as SmokeResult) : undefined;
    const output = result.code === 0 ? result.output : describeFailure(how.command, how.args, result);
    return {
      ok: result.code === 0 && parsed !== undefined,
      ...(parsed ? { result: parsed } : {}),
      output,
      seconds: seconds(),
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
