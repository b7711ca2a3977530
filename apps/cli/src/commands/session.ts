import { type components, createApiClient, unwrap } from "@kcp/api-client";
import { positional, text } from "../args.js";
import { describeContexts, saveConfig } from "../config-store.js";
import { type Context, print, readSecret } from "../context.js";
import { checkTransport } from "../credentials.js";
import { EXIT, UsageError } from "../exit-codes.js";
import { table } from "../output.js";
import type { Args, CommandSpec } from "../spec.js";
import { ldapLogin, ssoLogin } from "./sso-login.js";

/**
 * kcp login --url URL --username NAME: the password from $KCP_PASSWORD or standard input (never an argument, which
 * would stay in the shell's history and the process list). The session token goes into the context (--context, else
 * the current one), which becomes the current one; the file is 0600.
 */
export async function login(context: Context, options: { username?: string }): Promise<void> {
  if (!options.username)
    throw new UsageError("kcp login --url URL --username NAME (password on stdin or $KCP_PASSWORD)");
  if (!context.url) throw new UsageError("Which service? kcp login --url URL --username NAME");
  checkTransport(context.url, context.insecureHttp);
  const password = await readSecret(context, "password", { env: "KCP_PASSWORD" });
  const anonymous = createApiClient({ baseUrl: context.url });
  const session = unwrap(
    await anonymous.POST("/api/v1/auth/login", {
      body: { username: options.username, password },
    }),
  );
  await keepSession(context, session);
}

/**
 * A login's session kept in the context (--context, else the current one), which becomes the current one; the file is
 * 0600. Every login ends so, whatever checked the user (a password, a directory, an OpenID provider).
 */
export async function keepSession(context: Context, session: components["schemas"]["Session"]): Promise<void> {
  context.config.contexts[context.contextName] = {
    url: context.url,
    token: session.token,
    username: session.user.username,
  };
  context.config.currentContext = context.contextName;
  await saveConfig(context.configPath, context.config, context.env);
  print(
    context,
    { url: context.url, username: session.user.username, role: session.user.role, context: context.contextName },
    () =>
      `Logged in to ${context.url} as ${session.user.username} (${session.user.role}); session saved in ${context.configPath} (context ${context.contextName})`,
  );
}

/** kcp logout: ends the session on the service and forgets the context here (the file goes with the last one). */
export async function logout(context: Context): Promise<void> {
  if (context.login?.token) {
    await context.client.POST("/api/v1/auth/logout", {});
  }
  delete context.config.contexts[context.contextName];
  await saveConfig(context.configPath, context.config, context.env);
  print(context, { loggedOut: true, context: context.contextName }, () => "Logged out");
}

/**
 * kcp session: whether the context's credential (its saved session, or $KCP_TOKEN) is still valid at its service,
 * asked of the anonymous session probe: exits 0 when it is, 2 when not. Never prompts; for scripts.
 */
async function checkSession(context: Context) {
  if (!context.url) throw new UsageError("Which service? kcp session --url URL (or a context)");
  const user = unwrap(await context.client.GET("/api/v1/auth/session")).user ?? undefined;
  print(
    context,
    {
      url: context.url,
      context: context.contextName,
      signedIn: user !== undefined,
      ...(user ? { username: user.username, role: user.role } : {}),
    },
    () =>
      user
        ? `Signed in to ${context.url} as ${user.username} (${user.role})`
        : `Not signed in to ${context.url} (context ${context.contextName}): kcp login`,
  );
  return user ? EXIT.ok : EXIT.refused;
}

async function getContexts(context: Context) {
  const contexts = describeContexts(context.config);
  print(context, { currentContext: context.config.currentContext, contexts }, () =>
    contexts.length === 0
      ? "No context: kcp login --url URL --username NAME [--context NAME] makes one"
      : table(
          ["CURRENT", "NAME", "URL", "USERNAME", "LOGGED IN"],
          contexts.map((c) => [c.current ? "*" : "", c.name, c.url, c.username ?? "-", c.loggedIn ? "yes" : "no"]),
        ),
  );
  return undefined;
}

function known(context: Context, name: string): void {
  if (!context.config.contexts[name])
    throw new UsageError(
      `No context named ${name} (kcp config get-contexts lists them; kcp login --context ${name} makes it)`,
    );
}

async function useContext(context: Context, args: Args) {
  const name = positional(args, 0);
  known(context, name);
  context.config.currentContext = name;
  await saveConfig(context.configPath, context.config, context.env);
  print(context, { currentContext: name }, () => `Using context ${name} (${context.config.contexts[name]?.url})`);
  return undefined;
}

async function setContext(context: Context, args: Args) {
  const name = positional(args, 0);
  const url = text(args, "url")?.replace(/\/+$/, "");
  if (!url) throw new UsageError(`kcp config set-context ${name} --url URL`);
  const before = context.config.contexts[name];
  // A login belongs to its service: a context moved to another URL keeps no token.
  context.config.contexts[name] = before && before.url === url ? before : { url };
  await saveConfig(context.configPath, context.config, context.env);
  print(context, { context: name, url }, () => `Context ${name}: ${url}`);
  return undefined;
}

async function deleteContext(context: Context, args: Args) {
  const name = positional(args, 0);
  known(context, name);
  delete context.config.contexts[name];
  await saveConfig(context.configPath, context.config, context.env);
  print(context, { deleted: name }, () => `Deleted context ${name} (its session is not ended: kcp logout does that)`);
  return undefined;
}

export const sessionCommands: CommandSpec[] = [
  {
    path: ["login"],
    positionals: [],
    options: {
      username: { type: "string", value: "NAME", help: "who logs in" },
      ldap: { type: "string", value: "PROVIDER", help: "log in through this LDAP or Active Directory provider" },
      sso: { type: "string", value: "PROVIDER", help: "sign in through this OpenID provider, in a browser" },
      "no-browser": { type: "boolean", help: "with --sso: print the address, open no browser" },
    },
    summary: "logs in; the password from standard input or $KCP_PASSWORD, the session kept in the context (0600)",
    details: [
      "The session goes into the context named by --context (default: the current one, first 'default'), which",
      "becomes the current one. The token is never printed.",
      "--ldap PROVIDER: the username and password are checked by the provider's directory (kcp auth providers).",
      "--sso PROVIDER: kcp waits on 127.0.0.1 and prints the address to sign in at (opened in the browser unless",
      "--no-browser or $KCP_NO_BROWSER=1); the service sends the browser back to kcp with a one-time code.",
    ],
    examples: [
      "printf '%s\\n' \"$PASSWORD\" | kcp login --url http://localhost:8080 --username admin",
      "kcp login --context staging --url https://kcp.staging.example --username alice < pw.txt",
      "kcp login --url https://kcp.example --ldap corp-ad --username alice < pw.txt",
      "kcp login --url https://kcp.example --sso corp",
    ],
    run: async (context, args) => {
      const username = text(args, "username");
      const ldap = text(args, "ldap");
      const sso = text(args, "sso");
      if (ldap !== undefined && sso !== undefined) throw new UsageError("kcp login takes --ldap or --sso, not both");
      if (sso !== undefined) {
        if (username !== undefined) throw new UsageError("kcp login --sso takes no --username: the provider asks");
        await ssoLogin(context, sso, { openBrowser: args.options["no-browser"] !== true });
      } else if (ldap !== undefined) await ldapLogin(context, ldap, username);
      else await login(context, username ? { username } : {});
      return undefined;
    },
  },
  {
    path: ["logout"],
    positionals: [],
    options: {},
    summary: "ends the session on the service and forgets the context",
    examples: ["kcp logout", "kcp logout --context staging"],
    run: async (context) => {
      await logout(context);
      return undefined;
    },
  },
  {
    path: ["session"],
    positionals: [],
    options: {},
    summary: "whether the context's credential is still valid at its service: exits 0 when it is, 2 when not",
    details: ["Asks the service's anonymous session probe; never prompts and never prints a token."],
    examples: ["kcp session", "kcp session --context staging || kcp login --context staging --username alice"],
    run: checkSession,
  },
  {
    path: ["config", "get-contexts"],
    positionals: [],
    options: {},
    summary: "the contexts (services and who is logged in to each); never a token",
    examples: ["kcp config get-contexts"],
    offline: true,
    run: getContexts,
  },
  {
    path: ["config", "current-context"],
    positionals: [],
    options: {},
    summary: "the context in use",
    examples: ["kcp config current-context"],
    offline: true,
    run: async (context) => {
      print(context, { currentContext: context.config.currentContext }, () => context.config.currentContext);
      return undefined;
    },
  },
  {
    path: ["config", "use-context"],
    positionals: ["NAME"],
    options: {},
    summary: "makes a context the current one",
    examples: ["kcp config use-context staging"],
    offline: true,
    run: useContext,
  },
  {
    path: ["config", "set-context"],
    positionals: ["NAME"],
    options: { url: { type: "string", value: "URL", help: "the service" } },
    summary: "makes or moves a context without logging in (for $KCP_TOKEN)",
    examples: ["kcp config set-context ci --url https://kcp.example"],
    offline: true,
    run: setContext,
  },
  {
    path: ["config", "delete-context"],
    positionals: ["NAME"],
    options: {},
    summary: "forgets a context",
    examples: ["kcp config delete-context old"],
    offline: true,
    run: deleteContext,
  },
];
