import { spawnSync } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { parseEntity } from "../src/commands/security.js";
import { bashCompletion, nextWords, zshCompletion } from "../src/completion.js";
import { parseConfig } from "../src/config-store.js";
import { allOptions, findCommand, parseCommandLine } from "../src/parse.js";
import { run } from "../src/run.js";
import { COMMANDS, helpFor, USAGE } from "../src/table.js";

/** Runs kcp in this process: its output, errors and exit code; no service is reached. */
async function kcp(argv: string[], env: NodeJS.ProcessEnv = {}, stdin = "") {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(argv, {
    env,
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    stdin: async () => stdin,
    ask: async () => undefined,
  });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("kcp: the command table, parsing, help, completion and contexts (no server)", () => {
  let folder: string;
  before(async () => {
    folder = await mkdtemp(join(tmpdir(), "kcp-commands-"));
  });
  after(() => rm(folder, { recursive: true, force: true }));

  it("the table is consistent: unique paths, one meaning per option name, an example and summary each", () => {
    const paths = COMMANDS.map((c) => c.path.join(" "));
    expect(new Set(paths).size, "no two commands share a path").to.equal(paths.length);
    expect(() => allOptions(COMMANDS)).to.not.throw();
    for (const command of COMMANDS) {
      expect(command.summary, paths.join()).to.not.equal("");
      expect(command.examples.length, `kcp ${command.path.join(" ")} has an example`).to.be.greaterThan(0);
      for (const example of command.examples)
        expect(example, "each example runs the command it documents").to.include(`kcp ${command.path.join(" ")}`);
    }
  });

  it("finds the longest command path: kcp topics CLUSTER still lists, kcp topics create creates", () => {
    expect(findCommand(COMMANDS, ["topics", "prod"])?.command.path).to.deep.equal(["topics"]);
    expect(findCommand(COMMANDS, ["topics", "create", "prod", "t"])?.command.path).to.deep.equal(["topics", "create"]);
    expect(findCommand(COMMANDS, ["topics", "configs", "set", "p", "t", "a=b"])?.rest).to.deep.equal(["p", "t", "a=b"]);
    const parsed = parseCommandLine(COMMANDS, ["topics", "prod", "--search", "orders", "--json"]);
    expect(parsed.command?.path).to.deep.equal(["topics"]);
    expect(parsed.args).to.deep.equal({ positionals: ["prod"], options: { search: "orders", limit: undefined } });
    expect(parsed.global.json).to.equal(true);
    const repeated = parseCommandLine(COMMANDS, ["topics", "create", "p", "t", "--config", "a=1", "--config", "b=2"]);
    expect(repeated.args.options.config).to.deep.equal(["a=1", "b=2"]);
  });

  it("refuses, as a usage error (exit 1), options a command does not take and missing or extra positionals", async () => {
    const notHis = await kcp(["topics", "prod", "--partitions", "3"]);
    expect(notHis.code).to.equal(1);
    expect(notHis.err).to.include("--partitions is not an option of kcp topics");
    const missing = await kcp(["topics", "create", "prod"]);
    expect(missing.code).to.equal(1);
    expect(missing.err).to.include("Missing TOPIC");
    const unknown = await kcp(["frobnicate"]);
    expect(unknown.err).to.match(/Unknown command frobnicate/);
    const verb = await kcp(["autopilot", "frobnicate"]);
    expect(verb.err).to.include("Unknown command kcp autopilot frobnicate").and.include("kcp autopilot pause");
    const noun = await kcp(["brokers"]);
    expect(noun.code).to.equal(1);
    expect(noun.err).to.include("kcp brokers configs set CLUSTER BROKER KEY=VALUE...");
    expect((await kcp(["topics", "prod"])).err, "no service named").to.include("Which service?");
  });

  it("derives the usage and each command's help from the table", async () => {
    for (const command of COMMANDS.filter((c) => !c.hidden))
      expect(USAGE).to.include(["kcp", ...command.path, ...command.positionals].join(" "));
    const help = await kcp(["topics", "create", "--help"]);
    expect(help.code).to.equal(0);
    expect(help.out).to.include("Usage: kcp topics create CLUSTER TOPIC [--partitions N]").and.include("Examples:");
    expect(helpFor(["scram-users", "set"])).to.include("never an argument");
    expect((await kcp([])).code, "no command: the usage, exit 1").to.equal(1);
  });

  it("covers the API: every operation of the generated client is called by a command", async () => {
    const schema = await readFile(new URL("../../../libs/api-client/src/schema.ts", import.meta.url), "utf8");
    const operations = new Set<string>();
    let path = "";
    for (const line of schema.slice(0, schema.indexOf("export type webhooks")).split("\n")) {
      const opened = /^ {4}"(\/[^"]+)": \{$/.exec(line);
      if (opened?.[1]) path = opened[1];
      const method = /^ {8}(get|put|post|delete|patch): operations\[/.exec(line);
      if (method?.[1]) operations.add(`${method[1].toUpperCase()} ${path}`);
    }
    const sources = await Promise.all(
      [...(await readdir(new URL("../src/commands/", import.meta.url)))].map((name) =>
        readFile(new URL(`../src/commands/${name}`, import.meta.url), "utf8"),
      ),
    );
    const called = new Set(
      sources.flatMap((text) =>
        [...text.matchAll(/\.(GET|POST|PUT|PATCH|DELETE)\(\s*"([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`),
      ),
    );
    expect(operations.size, "the schema was read").to.be.greaterThan(60);
    // The document itself is for generators, not for people at a terminal; the sign-in's start and callback are the
    // browser's (kcp login --sso sends the browser to the start, the provider sends it to the callback).
    const browsers = new Set([
      "GET /api/v1/openapi.json",
      "GET /api/v1/auth/sso/{provider}/start",
      "GET /api/v1/auth/sso/{provider}/callback",
    ]);
    const missing = [...operations].filter((op) => !called.has(op) && !browsers.has(op));
    expect(missing).to.deep.equal([]);
  });

  it("never takes a secret from an argument: no option of the table is named like one", () => {
    const names = Object.keys(allOptions(COMMANDS));
    expect(names.filter((n) => /^(password|secret|token)$/.test(n))).to.deep.equal([]);
  });

  it("parses quota entities: user, user+client-id, the default entity", () => {
    expect(parseEntity("user=alice+client-id=app")).to.deep.equal([
      { type: "user", name: "alice" },
      { type: "client-id", name: "app" },
    ]);
    expect(parseEntity("user=")).to.deep.equal([{ type: "user", name: null }]);
    expect(() => parseEntity("group=x")).to.throw(/user=, client-id= or ip=/);
  });

  it("bash completion, generated from the table, completes nouns, verbs, options and option values", () => {
    const script = bashCompletion(COMMANDS);
    const complete = (line: string[]) => {
      const words = line.map((w) => `'${w}'`).join(" ");
      const result = spawnSync(
        "bash",
        [
          "-c",
          `${script}\nCOMP_WORDS=(${words}); COMP_CWORD=${line.length - 1}; _kcp; printf '%s\\n' "\${COMPREPLY[@]}"`,
        ],
        { encoding: "utf8" },
      );
      expect(result.stderr).to.equal("");
      return result.stdout.split("\n").filter(Boolean);
    };
    expect(complete(["kcp", "to"])).to.deep.equal(["topics", "top", "tokens"]);
    expect(complete(["kcp", "series", ""])).to.deep.equal(["figures"]);
    expect(complete(["kcp", "top", "prod", "--"])).to.include.members(["--interval", "--limit", "--once", "--json"]);
    expect(complete(["kcp", "series", "prod", "group.lag", "--"])).to.include.members([
      "--entity",
      "--from",
      "--to",
      "--step",
    ]);
    expect(complete(["kcp", "topics", ""])).to.include.members(["create", "describe", "configs", "grow", "delete"]);
    expect(complete(["kcp", "--json", "topics", "configs", ""])).to.deep.equal(["get", "set", "delete"]);
    expect(complete(["kcp", "topics", "create", "prod", "--"])).to.include.members([
      "--partitions",
      "--config",
      "--json",
    ]);
    expect(complete(["kcp", "groups", "reset", "prod", "g", "--to", "e"])).to.deep.equal(["earliest"]);
    expect(complete(["kcp", "browse", "prod", "t", "--from", "b"])).to.deep.equal(["beginning"]);
    expect(complete(["kcp", "series", "prod", "group.lag", "--from", "b"]), "series --from: free text").to.deep.equal(
      [],
    );
    expect(complete(["kcp", "topics", "prod", ""]), "after a positional: no command word").to.deep.equal([]);
    // Every command of the table can be reached word by word.
    for (const command of COMMANDS.filter((c) => !c.hidden))
      command.path.forEach((word, i) => {
        expect(nextWords(COMMANDS).get(command.path.slice(0, i).join(" "))?.has(word)).to.equal(true);
      });
  });

  it("zsh completion is generated from the same table (and parses, where zsh is installed)", () => {
    const script = zshCompletion(COMMANDS);
    expect(script)
      .to.match(/^#compdef kcp/)
      .and.include("'scram-users'")
      .and.include("_describe 'command'");
    const zsh = spawnSync("zsh", ["-n", "-c", script], { encoding: "utf8" });
    if (zsh.error !== undefined) return;
    expect(zsh.status, zsh.stderr).to.equal(0);
    // Loaded as a user's shell loads it (after compinit): the command words and the verbs with their summaries.
    const loaded = spawnSync(
      "zsh",
      [
        "-f",
        "-c",
        `autoload -Uz compinit && compinit -u -D\n${script}\n_kcp_command_words --json topics configs\nprint -r -- "[$kcp_cmd]"\n_kcp_described "$kcp_cmd"`,
      ],
      { encoding: "utf8" },
    );
    expect(loaded.stderr).to.equal("");
    expect(loaded.stdout.split("\n")).to.include.members([
      "[topics configs]",
      "set:sets topic configs (the others stay)",
      "delete:returns topic configs to their default",
    ]);
  });

  it("reads the first config format (one login) as the context 'default'", () => {
    expect(parseConfig({ url: "http://a", token: "t", username: "u" })).to.deep.equal({
      currentContext: "default",
      contexts: { default: { url: "http://a", token: "t", username: "u" } },
    });
    expect(parseConfig("nonsense")).to.deep.equal({ currentContext: "default", contexts: {} });
  });

  it("contexts: set, listed without tokens, used, and the old file upgraded in place (0600)", async () => {
    const file = join(folder, "config.json");
    const env = { KCP_CONFIG: file };
    await writeFile(file, JSON.stringify({ url: "http://old:8080", token: "old-secret-token", username: "admin" }));
    expect((await kcp(["config", "set-context", "ci", "--url", "http://ci:8080/"], env)).code).to.equal(0);
    const listed = await kcp(["config", "get-contexts"], env);
    expect(listed.out).to.match(/^\*\s+default\s+http:\/\/old:8080\s+admin\s+yes$/m);
    expect(listed.out).to.match(/^\s+ci\s+http:\/\/ci:8080\s+-\s+no$/m);
    expect(listed.out).to.not.include("old-secret-token");
    const json = await kcp(["config", "get-contexts", "--json"], env);
    expect(json.out).to.not.include("old-secret-token");
    expect((await kcp(["config", "use-context", "ci"], env)).code).to.equal(0);
    expect((await kcp(["config", "current-context"], env)).out).to.equal("ci");
    expect((await kcp(["config", "use-context", "nowhere"], env)).code).to.equal(1);
    expect((await kcp(["clusters", "--context", "nowhere"], env)).err).to.include("No context named nowhere");
    const saved = JSON.parse(await readFile(file, "utf8")) as { currentContext: string; contexts: object };
    expect(saved.currentContext).to.equal("ci");
    expect(Object.keys(saved.contexts)).to.deep.equal(["default", "ci"]);
    expect((await stat(file)).mode & 0o777).to.equal(0o600);
    expect((await kcp(["config", "delete-context", "ci"], env)).code).to.equal(0);
    expect((await kcp(["config", "delete-context", "default"], env)).code).to.equal(0);
    expect(await stat(file).catch(() => undefined), "no context left: no file").to.equal(undefined);
  });

  it("refuses a new user without a password (none on stdin) before any request", async () => {
    // Nothing listens on port 9: a request would exit 3, a refusal before one exits 1.
    const env = { KCP_URL: "http://127.0.0.1:9", KCP_CONFIG: join(folder, "none.json") };
    const noPassword = await kcp(["users", "create", "alice", "--role", "viewer"], env, "");
    expect(noPassword.code).to.equal(1);
    expect(noPassword.err).to.include("never an argument");
  });
});
