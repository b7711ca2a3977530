import { ANOMALY_STATES, type AUDIT_RESULTS, OPERATION_STATUSES } from "@kcp/shared/lists";
import { positional, text } from "./args.js";
import { accessCommands } from "./commands/access.js";
import { anomalies, autopilot, policies, policy } from "./commands/autopilot.js";
import { bindingCommands } from "./commands/bindings.js";
import { clusterCommands } from "./commands/clusters.js";
import { apply, diff, drift, exportState } from "./commands/desired-state.js";
import { groupCommands } from "./commands/groups.js";
import {
  confirm,
  controlOperation,
  listOperations,
  operationMoves,
  plan,
  showOperation,
  watch,
} from "./commands/operations.js";
import { audit, exportAudit } from "./commands/reads.js";
import { securityCommands } from "./commands/security.js";
import { sessionCommands } from "./commands/session.js";
import { ssoCommands } from "./commands/sso-login.js";
import { topCommands } from "./commands/top.js";
import { topicCommands } from "./commands/topics.js";
import { bashCompletion, zshCompletion } from "./completion.js";
import { EXIT } from "./exit-codes.js";
import { commandHelp, commandsUnder, findCommand, groupHelp, usage } from "./parse.js";
import type { Args, CommandSpec, OptionSpec } from "./spec.js";

/** Options as the older command functions take them: each string option by name. */
const strings = (args: Args) =>
  Object.fromEntries(Object.entries(args.options).filter(([, v]) => typeof v === "string")) as Record<string, string>;

const INTERVAL: OptionSpec = { type: "string", value: "MS", help: "how often to poll (default 1000)" };
const FILE: OptionSpec = {
  type: "string",
  short: "f",
  value: "PATH",
  help: "a file or folder (- is stdin for policies)",
};
/** The results `kcp audit export --result` offers (the contract's, but denied). */
const AUDIT_EXPORT_RESULTS = ["success", "failure"] as const satisfies readonly (typeof AUDIT_RESULTS)[number][];
const LIMIT: OptionSpec = { type: "string", value: "N", help: "at most N rows" };
const AUDIT_FILTERS: Record<string, OptionSpec> = {
  action: { type: "string", value: "A", help: "this action only, e.g. operation.confirm" },
  actor: { type: "string", value: "USER", help: "this actor only" },
};

const operationCommands: CommandSpec[] = [
  {
    path: ["plan"],
    positionals: ["CLUSTER", "TYPE"],
    options: { params: { type: "string", value: "JSON", help: "the operation's parameters, a JSON object" } },
    summary: "a dry run: the plan, its steps and warnings",
    examples: [`kcp plan prod cordonBrokers --params '{"brokers":[3]}'`, "kcp plan prod preferredLeaderElection"],
    run: async (context, args) => {
      await plan(context, positional(args, 0), positional(args, 1), strings(args));
      return undefined;
    },
  },
  {
    path: ["confirm"],
    positionals: ["OPERATION"],
    options: { name: { type: "string", value: "CLUSTER", help: "the cluster's name typed back (irreversible ones)" } },
    summary: "starts a planned operation (the cluster's name typed back for an irreversible one)",
    examples: ["kcp confirm 01JD... ", "kcp confirm 01JD... --name prod"],
    run: async (context, args) => {
      await confirm(context, positional(args, 0), strings(args));
      return undefined;
    },
  },
  {
    path: ["watch"],
    positionals: ["OPERATION"],
    options: { "interval-ms": INTERVAL },
    summary: "progress until it ends; exits 4 when it fails or is cancelled",
    examples: ["kcp watch 01JD..."],
    run: (context, args) => watch(context, positional(args, 0), { intervalMs: text(args, "interval-ms") ?? "1000" }),
  },
  {
    path: ["operations", "list"],
    positionals: ["CLUSTER"],
    options: {
      status: {
        type: "string",
        value: "S",
        values: OPERATION_STATUSES,
        help: "this status only",
      },
      limit: LIMIT,
    },
    summary: "the cluster's operations, newest first",
    examples: ["kcp operations list prod --status running"],
    run: listOperations,
  },
  {
    path: ["operations", "show"],
    positionals: ["OPERATION"],
    options: {},
    summary: "one operation: its steps, status and error",
    examples: ["kcp operations show 01JD..."],
    run: showOperation,
  },
  {
    path: ["operations", "moves"],
    positionals: ["OPERATION"],
    options: { limit: LIMIT },
    summary: "the partition moves of a reassignment",
    examples: ["kcp operations moves 01JD..."],
    run: operationMoves,
  },
  ...(["pause", "resume", "cancel"] as const).map(
    (action): CommandSpec => ({
      path: ["operations", action],
      positionals: ["OPERATION"],
      options: {},
      summary: `${action}s a running operation (honoured between steps)`,
      examples: [`kcp operations ${action} 01JD...`],
      run: controlOperation(action),
    }),
  ),
];

const autopilotCommands: CommandSpec[] = [
  {
    path: ["audit"],
    positionals: [],
    options: { limit: LIMIT, ...AUDIT_FILTERS },
    summary: "the newest audit entries",
    examples: ["kcp audit --action operation.confirm --limit 20"],
    run: async (context, args) => {
      await audit(context, strings(args));
      return undefined;
    },
  },
  {
    path: ["audit", "export"],
    positionals: [],
    options: {
      ...AUDIT_FILTERS,
      result: { type: "string", value: "R", values: AUDIT_EXPORT_RESULTS, help: "this result only" },
      from: { type: "string", value: "ISO", help: "entries at or after" },
      to: { type: "string", value: "ISO", help: "entries before" },
      output: { type: "string", short: "o", value: "FILE", help: "write to this file" },
    },
    summary: "admin: every matching audit entry as NDJSON",
    examples: ["kcp audit export --from 2026-11-01T00:00:00Z -o audit.ndjson"],
    run: async (context, args) => {
      await exportAudit(context, strings(args));
      return undefined;
    },
  },
  {
    path: ["policies"],
    positionals: [],
    options: {},
    summary: "the autopilot's policies",
    examples: ["kcp policies"],
    run: async (context) => {
      await policies(context);
      return undefined;
    },
  },
  {
    path: ["policies", "list"],
    positionals: [],
    options: {},
    summary: "the autopilot's policies (as kcp policies)",
    examples: ["kcp policies list --json"],
    run: async (context) => {
      await policies(context);
      return undefined;
    },
  },
  {
    path: ["policies", "show"],
    positionals: ["ID"],
    options: {},
    summary: "one policy's spec as YAML",
    examples: ["kcp policies show 01JD..."],
    run: policy("show"),
  },
  {
    path: ["policies", "create"],
    positionals: [],
    options: { file: FILE },
    summary: "creates a policy from a YAML or JSON spec",
    examples: ["kcp policies create -f disk-full.yaml"],
    run: policy("create"),
  },
  {
    path: ["policies", "replace"],
    positionals: ["ID"],
    options: { file: FILE },
    summary: "replaces a policy's spec (enable, disable, mode, guard rails)",
    examples: ["kcp policies show 01JD... --json > p.json && kcp policies replace 01JD... -f p.json"],
    run: policy("replace"),
  },
  {
    path: ["policies", "delete"],
    positionals: ["ID"],
    options: {},
    summary: "deletes a policy (its operations already planned or running stay)",
    examples: ["kcp policies delete 01JD..."],
    run: policy("delete"),
  },
  {
    path: ["anomalies"],
    positionals: ["CLUSTER"],
    options: {
      state: { type: "string", value: "S", values: ANOMALY_STATES, help: "open or cleared only" },
      limit: LIMIT,
    },
    summary: "anomalies and what the autopilot did about each, or why not",
    examples: ["kcp anomalies prod --state open"],
    run: async (context, args) => {
      await anomalies(context, positional(args, 0), strings(args));
      return undefined;
    },
  },
  ...(["status", "pause", "resume"] as const).map(
    (verb): CommandSpec => ({
      path: ["autopilot", verb],
      positionals: verb === "status" ? [] : ["[CLUSTER]"],
      options:
        verb === "pause"
          ? {
              reason: { type: "string", value: "TEXT", help: "why (required)" },
              until: { type: "string", value: "ISO-TIME", help: "when the pause ends by itself" },
            }
          : {},
      summary: {
        status: "enabled, and the pauses in force",
        pause: "pauses the autopilot for a cluster (without one: for every cluster)",
        resume: "resumes it for a cluster (without one: for every cluster)",
      }[verb],
      examples: {
        status: ["kcp autopilot status"],
        pause: ['kcp autopilot pause prod --reason "incident 42" --until 2026-12-01T06:00:00Z'],
        resume: ["kcp autopilot resume prod"],
      }[verb],
      run: async (context, args) => {
        await autopilot(context, verb, args.positionals[0], strings(args));
        return undefined;
      },
    }),
  ),
  {
    path: ["autopilot"],
    positionals: [],
    options: {},
    summary: "as kcp autopilot status",
    examples: ["kcp autopilot"],
    hidden: true,
    run: async (context) => {
      await autopilot(context, "status", undefined, {});
      return undefined;
    },
  },
];

const desiredStateCommands: CommandSpec[] = [
  {
    path: ["diff"],
    positionals: ["CLUSTER"],
    options: { file: FILE },
    summary: "the changes desired-state files make; exits 0 with none, 2 with some, 1 when refused",
    examples: ["kcp diff prod -f teams/"],
    refusedExit: EXIT.usage,
    run: (context, args) => diff(context, positional(args, 0), strings(args)),
  },
  {
    path: ["apply"],
    positionals: ["CLUSTER"],
    options: {
      file: FILE,
      yes: { type: "boolean", help: "confirm and follow the apply" },
      name: { type: "string", value: "CLUSTER", help: "the cluster's name typed back when it deletes or shrinks" },
      "interval-ms": INTERVAL,
    },
    summary: "plans the files; --yes confirms and follows the apply",
    examples: ["kcp apply prod -f teams/ --yes", "kcp apply prod -f teams/ --yes --name prod"],
    run: (context, args) =>
      apply(context, positional(args, 0), {
        ...strings(args),
        yes: args.options.yes === true,
        ...(text(args, "interval-ms") ? { intervalMs: text(args, "interval-ms") } : {}),
      }),
  },
  {
    path: ["drift"],
    positionals: ["CLUSTER"],
    options: {},
    summary: "how the cluster differs from its last applied files; exits 0 with none, 2 with some",
    examples: ["kcp drift prod"],
    refusedExit: EXIT.usage,
    run: (context, args) => drift(context, positional(args, 0)),
  },
  {
    path: ["export"],
    positionals: ["CLUSTER"],
    options: {
      "topic-prefixes": { type: "string", value: "P,..", help: "topics whose names begin so" },
      topics: { type: "string", value: "T,..", help: "these topics" },
      "acl-principals": { type: "string", value: "User:A,..", help: "these principals' ACLs" },
      "quota-entities": { type: "string", value: "E,..", help: "these entities' quotas: user=A[+client-id=C]" },
      "scram-users": { type: "string", value: "U,..", help: "these SCRAM users (no password)" },
      output: { type: "string", short: "o", value: "FILE", help: "write to this file" },
    },
    summary: "the resources in that scope as a desired-state file",
    examples: ["kcp export prod --topic-prefixes orders. -o orders.yaml"],
    run: (context, args) => exportState(context, positional(args, 0), strings(args)),
  },
];

/** kcp completion bash|zsh, and kcp help [COMMAND...]: they read the table itself. */
const tableCommands: CommandSpec[] = [
  ...(["bash", "zsh"] as const).map(
    (shell): CommandSpec => ({
      path: ["completion", shell],
      positionals: [],
      options: {},
      summary: `the ${shell} completion script, generated from the command table`,
      examples:
        shell === "bash"
          ? ["source <(kcp completion bash)     # or save it in /etc/bash_completion.d/kcp"]
          : ["source <(kcp completion zsh)      # or: kcp completion zsh > ~/.zfunc/_kcp (a folder of $fpath)"],
      offline: true,
      run: async (context) => {
        context.out((shell === "bash" ? bashCompletion : zshCompletion)(COMMANDS).trimEnd());
        return undefined;
      },
    }),
  ),
  {
    path: ["help"],
    positionals: ["[COMMAND...]"],
    options: {},
    summary: "the usage, or a command's options and examples",
    examples: ["kcp help topics create"],
    offline: true,
    run: async (context, args) => {
      context.out(helpFor(args.positionals));
      return undefined;
    },
  },
];

/** Every command of kcp: the parser, the usage, each command's help and the completion scripts derive from it. */
export const COMMANDS: readonly CommandSpec[] = [
  ...sessionCommands,
  ...ssoCommands,
  ...clusterCommands,
  ...topicCommands,
  ...groupCommands,
  ...topCommands,
  ...securityCommands,
  ...operationCommands,
  ...accessCommands,
  ...bindingCommands,
  ...autopilotCommands,
  ...desiredStateCommands,
  ...tableCommands,
];

export const USAGE = usage(COMMANDS);

/** Pure: the help for the words typed: a command's own, else the commands under them, else the usage. */
export function helpFor(words: readonly string[]): string {
  const found = findCommand(COMMANDS, words);
  const under = commandsUnder(COMMANDS, words);
  if (found && found.command.path.length === words.length) {
    const more = under.filter((c) => c !== found.command && c.path.length > words.length);
    return more.length > 0 ? `${commandHelp(found.command)}\n\nAlso:\n${groupHelp(more)}` : commandHelp(found.command);
  }
  if (under.length > 0 && words.length > 0) return `Commands of kcp ${words.join(" ")}:\n${groupHelp(under)}`;
  return USAGE;
}
