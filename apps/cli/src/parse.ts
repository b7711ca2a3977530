import { parseArgs } from "node:util";
import { UsageError } from "./exit-codes.js";
import { type Args, type CommandSpec, GLOBAL_OPTIONS, type OptionSpec } from "./spec.js";

/**
 * Pure: every option of the table and the global ones, by name. One name means one thing everywhere: the same type
 * and `multiple` in every command that takes it (else the table is wrong, and this throws).
 */
export function allOptions(commands: readonly CommandSpec[]): Record<string, OptionSpec> {
  const all: Record<string, OptionSpec> = { ...GLOBAL_OPTIONS };
  for (const command of commands)
    for (const [name, option] of Object.entries(command.options)) {
      const known = all[name];
      if (
        known &&
        (known.type !== option.type ||
          Boolean(known.multiple) !== Boolean(option.multiple) ||
          known.short !== option.short)
      )
        throw new Error(`--${name} is declared differently in kcp ${command.path.join(" ")}`);
      all[name] = known
        ? { ...known, values: [...new Set([...(known.values ?? []), ...(option.values ?? [])])] }
        : option;
    }
  return all;
}

/** Pure: the command named by the longest run of leading words, and the words left (its positionals). */
export function findCommand(
  commands: readonly CommandSpec[],
  words: readonly string[],
): { command: CommandSpec; rest: string[] } | undefined {
  let best: CommandSpec | undefined;
  for (const command of commands) {
    const matches = command.path.every((word, i) => words[i] === word);
    if (matches && (!best || command.path.length > best.path.length)) best = command;
  }
  return best ? { command: best, rest: words.slice(best.path.length) } : undefined;
}

/** Pure: the commands whose path begins with these words (a noun's verbs, for help and errors). */
export function commandsUnder(commands: readonly CommandSpec[], words: readonly string[]): CommandSpec[] {
  return commands.filter((c) => !c.hidden && words.every((word, i) => c.path[i] === word));
}

export interface Parsed {
  /** Undefined: no command named (help, or the usage); `words` then says what was typed. */
  command: CommandSpec | undefined;
  words: string[];
  args: Args;
  global: { json: boolean; url?: string; context?: string; help: boolean; insecureHttp: boolean; tokenFile?: string };
}

const REQUIRED = /^[A-Z][A-Z0-9_-]*$/;

/** Pure: how many positionals a command takes, at least and at most (Infinity for NAME...). */
export function positionalRange(command: CommandSpec): { min: number; max: number } {
  let min = 0;
  let max = 0;
  for (const p of command.positionals) {
    const variadic = p.endsWith("...") || p.endsWith("...]");
    if (REQUIRED.test(p.replace(/\.\.\.$/, ""))) min++;
    max = variadic ? Number.POSITIVE_INFINITY : max + 1;
  }
  return { min, max };
}

/**
 * Pure: parses one command line against the table. Options may come anywhere; an option the command does not take,
 * a missing or extra positional, are usage errors naming the command's usage.
 */
export function parseCommandLine(commands: readonly CommandSpec[], argv: string[]): Parsed {
  const options = allOptions(commands);
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      tokens: true,
      options: Object.fromEntries(
        Object.entries(options).map(([name, o]) => [
          name,
          { type: o.type, ...(o.short ? { short: o.short } : {}), ...(o.multiple ? { multiple: true } : {}) },
        ]),
      ),
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const values = parsed.values as Record<string, string | boolean | string[] | undefined>;
  const words = parsed.positionals;
  const global = {
    json: values.json === true,
    help: values.help === true,
    insecureHttp: values["insecure-http"] === true,
    ...(typeof values["token-file"] === "string" ? { tokenFile: values["token-file"] } : {}),
    ...(typeof values.url === "string" ? { url: values.url } : {}),
    ...(typeof values.context === "string" ? { context: values.context } : {}),
  };
  const found = findCommand(commands, words);
  if (!found || global.help) return { command: found?.command, words, args: { positionals: [], options: {} }, global };
  const { command, rest } = found;
  const taken = new Set([...Object.keys(command.options), ...Object.keys(GLOBAL_OPTIONS)]);
  for (const token of parsed.tokens ?? [])
    if (token.kind === "option" && !taken.has(token.name))
      throw new UsageError(
        `--${token.name} is not an option of kcp ${command.path.join(" ")}\n\n${commandHelp(command)}`,
      );
  const { min, max } = positionalRange(command);
  if (rest.length < min)
    throw new UsageError(
      `Missing ${command.positionals
        .slice(rest.length)
        .filter((p) => !p.startsWith("["))
        .join(" ")}\n\n${commandHelp(command)}`,
    );
  if (rest.length > max) {
    const verbs = commandsUnder(commands, command.path).filter((c) => c !== command);
    throw new UsageError(
      rest.length === 1 && verbs.length > 0 && max === 0
        ? `Unknown command kcp ${[...command.path, rest[0]].join(" ")}\n\n${groupHelp(verbs)}`
        : `Unexpected ${rest.slice(max).join(" ")}\n\n${commandHelp(command)}`,
    );
  }
  const own = Object.fromEntries(Object.keys(command.options).map((name) => [name, values[name]]));
  return { command, words, args: { positionals: rest, options: own }, global };
}

/** Pure: the one line naming a command and what it takes. */
export function usageLine(command: CommandSpec): string {
  const options = Object.entries(command.options).map(([name, o]) => {
    const flag = o.short ? `-${o.short}|--${name}` : `--${name}`;
    const text = o.type === "boolean" ? flag : `${flag} ${o.value ?? "VALUE"}`;
    return `[${text}]${o.multiple ? "..." : ""}`;
  });
  return ["kcp", ...command.path, ...command.positionals, ...options].join(" ");
}

/** Pure: a command's own help: its usage, summary, rules, options and examples. */
export function commandHelp(command: CommandSpec): string {
  const lines = [`Usage: ${usageLine(command)}`, "", command.summary];
  if (command.details?.length) lines.push("", ...command.details);
  const entries = Object.entries(command.options);
  if (entries.length > 0) {
    lines.push("", "Options:");
    const flags = entries.map(([name, o]) => {
      const flag = `${o.short ? `-${o.short}, ` : ""}--${name}${o.type === "string" ? ` ${o.value ?? "VALUE"}` : ""}`;
      const values = o.values?.length ? ` (${o.values.join(", ")})` : "";
      return [flag, `${o.help}${values}${o.multiple ? "; may be repeated" : ""}`] as const;
    });
    const width = Math.max(...flags.map(([flag]) => flag.length));
    for (const [flag, help] of flags) lines.push(`  ${flag.padEnd(width)}  ${help}`);
  }
  if (command.examples.length > 0) lines.push("", "Examples:", ...command.examples.map((e) => `  ${e}`));
  lines.push(
    "",
    "Every command also takes --json, --url URL, --context NAME, --token-file FILE, --insecure-http and --help.",
  );
  return lines.join("\n");
}

/** Pure: commands as one line each: the words and positionals, then the summary. */
export function groupHelp(commands: readonly CommandSpec[]): string {
  const rows = commands.map((c) => [["kcp", ...c.path, ...c.positionals].join(" "), c.summary] as const);
  const width = Math.min(48, Math.max(...rows.map(([left]) => left.length)));
  return rows
    .map(([left, summary]) =>
      left.length > width ? `  ${left}\n  ${" ".repeat(width)}  ${summary}` : `  ${left.padEnd(width)}  ${summary}`,
    )
    .join("\n");
}

/** Pure: the usage of the whole command line, from the table. */
export function usage(commands: readonly CommandSpec[]): string {
  return [
    "kcp — the Kafka control plane's command line",
    "",
    groupHelp(commands.filter((c) => !c.hidden)),
    "",
    "  --json          JSON for scripts instead of tables",
    "  --url URL       the service (default: $KCP_URL, else the context's); $KCP_TOKEN overrides the saved session",
    "  --context NAME  the context (service and login) to use; kcp config get-contexts lists them",
    "  --token-file FILE  an API token for this command's service (- for stdin): $KCP_TOKEN goes only to $KCP_URL",
    "                  (else the context's URL), a saved session only to its context's URL",
    "  --insecure-http plain http:// to another machine (refused otherwise: only https://, or http:// on loopback)",
    "  kcp COMMAND --help, or kcp help COMMAND: a command's options and examples",
    "",
    "Secrets (passwords, profiles with secrets) are read from standard input, a file or the environment, never from",
    "an argument.",
    "",
    "Exit codes: 0 done, 1 usage, 2 refused by the service (4xx), 3 service unreachable or failing (5xx),",
    "4 the watched operation failed or was cancelled.",
  ].join("\n");
}
