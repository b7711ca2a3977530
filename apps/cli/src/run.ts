import { createInterface } from "node:readline/promises";
import { configPath, readConfig } from "./config-store.js";
import { type Context, contextClient, readSecret } from "./context.js";
import { checkTransport, sameService, tokenFor } from "./credentials.js";
import { EXIT, exitFor, UsageError } from "./exit-codes.js";
import { commandsUnder, groupHelp, parseCommandLine } from "./parse.js";
import type { CommandSpec } from "./spec.js";
import { COMMANDS, helpFor, USAGE } from "./table.js";
import { processTerminal, type Terminal } from "./terminal.js";

export { USAGE };

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  out?: (text: string) => void;
  err?: (text: string) => void;
  stdin?: () => Promise<string>;
  /** A question answered at the terminal; undefined when there is none (the default when stdin is not a TTY). */
  ask?: (question: string) => Promise<string | undefined>;
  sleep?: (ms: number) => Promise<void>;
  /** The terminal full-screen commands draw on (default: the process's, when stdout is a TTY and `out` is not given). */
  terminal?: Terminal;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function askTerminal(question: string): Promise<string | undefined> {
  if (!process.stdin.isTTY) return undefined;
  const terminal = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return (await terminal.question(question)).trim();
  } finally {
    terminal.close();
  }
}

/** Pure: the usage error for words that name no command: the nearest noun's commands, else the whole usage. */
function unknownCommand(words: readonly string[]): UsageError {
  let known = 0;
  while (known < words.length && commandsUnder(COMMANDS, words.slice(0, known + 1)).length > 0) known++;
  if (known === 0) return new UsageError(`Unknown command ${words[0]}\n\n${USAGE}`);
  const under = groupHelp(commandsUnder(COMMANDS, words.slice(0, known)));
  if (known === words.length) return new UsageError(`kcp ${words.join(" ")} needs one of:\n${under}`);
  return new UsageError(`Unknown command kcp ${words.slice(0, known + 1).join(" ")}\n\n${under}`);
}

/** Runs one command line; answers the exit code (errors are printed, never thrown). */
export async function run(argv: string[], options: RunOptions = {}): Promise<number> {
  const env = options.env ?? process.env;
  const out = options.out ?? ((text: string) => process.stdout.write(`${text}\n`));
  const err = options.err ?? ((text: string) => process.stderr.write(`${text}\n`));
  let command: CommandSpec | undefined;
  try {
    const parsed = parseCommandLine(COMMANDS, argv);
    command = parsed.command;
    if (parsed.global.help) {
      out(helpFor(parsed.words));
      return EXIT.ok;
    }
    if (parsed.words.length === 0) {
      out(USAGE);
      return EXIT.usage;
    }
    if (!command) throw unknownCommand(parsed.words);
    const path = configPath(env);
    const config = await readConfig(path);
    const contextName = parsed.global.context ?? env.KCP_CONTEXT ?? config.currentContext;
    const stored = config.contexts[contextName];
    const makesContext = command.path[0] === "login" || command.path[1] === "set-context";
    if (parsed.global.context && !stored && !makesContext)
      throw new UsageError(`No context named ${parsed.global.context} (kcp config get-contexts lists them)`);
    const url = (parsed.global.url ?? env.KCP_URL ?? stored?.url ?? "").replace(/\/+$/, "");
    if (!url && !command.offline && command.path[0] !== "login")
      throw new UsageError("Which service? kcp login --url URL ..., or --url, or $KCP_URL, or a --context");
    const insecureHttp = parsed.global.insecureHttp || env.KCP_INSECURE_HTTP === "1";
    const tokenFile = parsed.global.tokenFile;
    let client: Context["client"] | undefined;
    const context: Context = {
      get client() {
        if (!url) throw new UsageError("Which service? --url URL, or $KCP_URL, or a --context");
        if (!client) throw new UsageError("kcp: the client is made before a command runs");
        return client;
      },
      url,
      insecureHttp,
      configPath: path,
      config,
      contextName,
      login: stored && sameService(stored.url, url) ? stored : undefined,
      json: parsed.global.json,
      out,
      err,
      terminal: options.terminal ?? (options.out ? undefined : processTerminal()),
      sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      stdin: options.stdin ?? readStdin,
      ask: options.ask ?? askTerminal,
      env,
    };
    if (url && !command.offline && command.path[0] !== "login") {
      // Before any request: the transport, and the one token that belongs to this service (credentials.ts).
      checkTransport(url, insecureHttp);
      const explicit =
        tokenFile === undefined ? undefined : await readSecret(context, "API token", { file: tokenFile });
      const token = tokenFor({
        url,
        explicit,
        envToken: env.KCP_TOKEN,
        envUrl: env.KCP_URL?.replace(/\/+$/, ""),
        contextName,
        stored,
      });
      client = contextClient(url, token);
    }
    return (await command.run(context, parsed.args)) ?? EXIT.ok;
  } catch (error) {
    const { code, message } = exitFor(error);
    err(`kcp: ${message}`);
    return code === EXIT.refused && command?.refusedExit !== undefined ? command.refusedExit : code;
  }
}
