import type { Context } from "./context.js";

/** One option of a command: its type, short letter, what completion offers for its value, and its help. */
export interface OptionSpec {
  type: "string" | "boolean";
  short?: string;
  /** May be given several times (e.g. --config k=v --config k2=v2). */
  multiple?: boolean;
  /** The values completion offers. */
  values?: readonly string[];
  /** The placeholder of its value in help, e.g. N or FILE. */
  value?: string;
  help: string;
}

/** The options and positionals a handler gets, parsed against its spec. */
export interface Args {
  positionals: string[];
  options: Record<string, string | boolean | string[] | undefined>;
}

/** One command: the words that name it, its positionals and options, its help, and what runs it. */
export interface CommandSpec {
  /** e.g. ["topics", "configs", "set"]; the longest run of leading words that names a command wins. */
  path: string[];
  /** Placeholders: NAME required, [NAME] optional, NAME... one or more, [NAME...] any. */
  positionals: string[];
  options: Record<string, OptionSpec>;
  summary: string;
  /** Further lines of its help: the rules a user must know. */
  details?: string[];
  examples: string[];
  /** Runs without a service (completion, contexts): no URL is required. */
  offline?: boolean;
  /**
   * The exit code of a refusal (4xx) when it is not the usual 2: diff and drift exit 2 for changes, so a refusal
   * exits 1 there (Terraform's plan -detailed-exitcode).
   */
  refusedExit?: number;
  /** Left out of the usage and completion: an old spelling kept working. */
  hidden?: boolean;
  run: (context: Context, args: Args) => Promise<number | undefined>;
}

/** Options every command takes. */
export const GLOBAL_OPTIONS: Record<string, OptionSpec> = {
  json: { type: "boolean", help: "JSON for scripts instead of tables" },
  url: { type: "string", value: "URL", help: "the service (default: $KCP_URL, else the context's)" },
  context: {
    type: "string",
    value: "NAME",
    help: "the context to use for this command (default: $KCP_CONTEXT, else the current one)",
  },
  "token-file": {
    type: "string",
    value: "FILE",
    help: "the API token for this command's service, from FILE (- for standard input); $KCP_TOKEN goes only to its own",
  },
  "insecure-http": {
    type: "boolean",
    help: "allow plain http:// to another machine (default: only https://, or http:// to this machine)",
  },
  help: { type: "boolean", short: "h", help: "this help" },
};
