import { parseArgs } from "node:util";
import * as commands from "./commands/index.js";
import { configPath, readLogin } from "./config-store.js";
import { type Context, contextClient } from "./context.js";
import { EXIT, exitFor, UsageError } from "./exit-codes.js";

export const USAGE = `kcp — the Kafka control plane's command line

  kcp login --url URL --username NAME     the password from stdin or $KCP_PASSWORD; the session kept in the
                                          user's config folder (0600)
  kcp logout
  kcp clusters                            every cluster with its health
  kcp topics CLUSTER [--search T] [--limit N]
  kcp groups CLUSTER [--search T] [--limit N]
  kcp plan CLUSTER TYPE [--params JSON]   a dry run: the plan, its steps and warnings
  kcp confirm OPERATION [--name CLUSTER]  the cluster's name typed back for an irreversible operation
  kcp watch OPERATION                     progress until it ends
  kcp audit [--limit N] [--action A] [--actor U]
  kcp policies                            the autopilot's policies
  kcp anomalies CLUSTER [--state open|cleared] [--limit N]
                                          anomalies and what the autopilot did about each, or why not
  kcp autopilot [status]                  enabled, and the pauses in force
  kcp autopilot pause [CLUSTER] --reason R [--until ISO-TIME]
  kcp autopilot resume [CLUSTER]          without CLUSTER: for every cluster
  kcp diff CLUSTER -f PATH                the changes desired-state files make (a file or a folder);
                                          exits 0 with none, 2 with some, 1 when refused
  kcp apply CLUSTER -f PATH [--yes [--name CLUSTER]]
                                          plans the files; --yes confirms and follows the apply
  kcp drift CLUSTER                       how the cluster differs from its last applied files;
                                          exits 0 with none, 2 with some
  kcp export CLUSTER [--topic-prefixes P,..] [--topics T,..] [--acl-principals User:A,..]
         [--quota-entities user=A[+client-id=C],..] [--scram-users U,..] [-o FILE]
                                          the resources in that scope as a desired-state file

  --json      JSON for scripts instead of tables
  --url URL   the service (default: $KCP_URL, else the one logged in to); $KCP_TOKEN overrides the saved session

Exit codes: 0 done, 1 usage, 2 refused by the service (4xx), 3 service unreachable or failing (5xx),
4 the watched operation failed or was cancelled.`;

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  out?: (text: string) => void;
  err?: (text: string) => void;
  stdin?: () => Promise<string>;
  sleep?: (ms: number) => Promise<void>;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Runs one command line; answers the exit code (errors are printed, never thrown). */
export async function run(argv: string[], options: RunOptions = {}): Promise<number> {
  const env = options.env ?? process.env;
  const out = options.out ?? ((text: string) => process.stdout.write(`${text}\n`));
  const err = options.err ?? ((text: string) => process.stderr.write(`${text}\n`));
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        json: { type: "boolean", default: false },
        url: { type: "string" },
        username: { type: "string" },
        search: { type: "string" },
        limit: { type: "string" },
        params: { type: "string" },
        name: { type: "string" },
        action: { type: "string" },
        actor: { type: "string" },
        reason: { type: "string" },
        until: { type: "string" },
        state: { type: "string" },
        "interval-ms": { type: "string" },
        file: { type: "string", short: "f" },
        output: { type: "string", short: "o" },
        "topic-prefixes": { type: "string" },
        topics: { type: "string" },
        "acl-principals": { type: "string" },
        "quota-entities": { type: "string" },
        "scram-users": { type: "string" },
        yes: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    });
    const [command, first, second] = positionals;
    if (values.help || !command) {
      out(USAGE);
      return command || values.help ? EXIT.ok : EXIT.usage;
    }
    const path = configPath(env);
    const login = await readLogin(path);
    const url = (values.url ?? env.KCP_URL ?? login?.url ?? "").replace(/\/+$/, "");
    if (!url) throw new UsageError("Which service? kcp login --url URL ..., or --url, or $KCP_URL");
    const token = env.KCP_TOKEN ?? (login && login.url === url ? login.token : undefined);
    const context: Context = {
      client: contextClient(url, token),
      url,
      configPath: path,
      login,
      json: values.json,
      out,
      sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      stdin: options.stdin ?? readStdin,
      env,
    };
    switch (command) {
      case "login":
        await commands.login(context, { ...(values.username ? { username: values.username } : {}) });
        return EXIT.ok;
      case "logout":
        await commands.logout(context);
        return EXIT.ok;
      case "clusters":
        await commands.clusters(context);
        return EXIT.ok;
      case "topics":
        await commands.topics(context, first, values);
        return EXIT.ok;
      case "groups":
        await commands.groups(context, first, values);
        return EXIT.ok;
      case "plan":
        await commands.plan(context, first, second, values);
        return EXIT.ok;
      case "confirm":
        await commands.confirm(context, first, values);
        return EXIT.ok;
      case "watch":
        return await commands.watch(context, first, {
          ...(values["interval-ms"] ? { intervalMs: values["interval-ms"] } : {}),
        });
      case "audit":
        await commands.audit(context, values);
        return EXIT.ok;
      case "policies":
        await commands.policies(context);
        return EXIT.ok;
      case "anomalies":
        await commands.anomalies(context, first, values);
        return EXIT.ok;
      case "autopilot":
        await commands.autopilot(context, first, second, values);
        return EXIT.ok;
      case "diff":
      case "drift": {
        const changes = command === "diff" ? commands.diff(context, first, values) : commands.drift(context, first);
        return await changes.catch((error: unknown) => {
          // 2 means "changes" here: a refusal exits 1, as Terraform's plan does.
          const { code, message } = exitFor(error);
          if (code !== EXIT.refused) throw error;
          err(`kcp: ${message}`);
          return EXIT.usage;
        });
      }
      case "apply":
        return await commands.apply(context, first, {
          ...(values.file ? { file: values.file } : {}),
          yes: values.yes,
          ...(values.name ? { name: values.name } : {}),
          ...(values["interval-ms"] ? { intervalMs: values["interval-ms"] } : {}),
        });
      case "export":
        return await commands.exportState(context, first, values);
      default:
        throw new UsageError(`Unknown command ${command}\n\n${USAGE}`);
    }
  } catch (error) {
    const { code, message } = exitFor(
      error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS")
        ? new UsageError(error.message)
        : error,
    );
    err(`kcp: ${message}`);
    return code;
  }
}
