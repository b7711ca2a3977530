import { unwrap } from "@kcp/api-client";
import { ROLES } from "@kcp/shared/lists";
import { type Body, flag, integer, oneOf, positional, text } from "../args.js";
import { type Context, print, readSecret } from "../context.js";
import { UsageError } from "../exit-codes.js";
import { table } from "../output.js";
import type { Args, CommandSpec, OptionSpec } from "../spec.js";

type UserPatch = Body<"/api/v1/users/{id}", "patch">;

const ROLE: OptionSpec = { type: "string", value: "ROLE", values: ROLES, help: "viewer, operator or admin" };
const PASSWORD_FILE: OptionSpec = { type: "string", value: "FILE", help: "the password's file (- is stdin)" };

const newPassword = (context: Context, args: Args) =>
  readSecret(context, "password", { file: text(args, "password-file"), env: "KCP_NEW_PASSWORD" });

async function userId(context: Context, username: string): Promise<string> {
  const { users } = unwrap(await context.client.GET("/api/v1/users"));
  const found = users.find((u) => u.username === username || u.id === username);
  if (!found) throw new UsageError(`No user named ${username} (kcp users list lists them)`);
  return found.id;
}

const userLine = (u: { username: string; role: string; disabled: boolean }) =>
  `${u.username}: ${u.role}${u.disabled ? ", disabled" : ""}`;

async function listUsers(context: Context) {
  const answer = unwrap(await context.client.GET("/api/v1/users"));
  print(context, answer, () =>
    table(
      ["USERNAME", "ROLE", "DISABLED", "ID", "CREATED"],
      answer.users.map((u) => [u.username, u.role, u.disabled ? "yes" : "no", u.id, u.createdAt]),
    ),
  );
  return undefined;
}

async function createUser(context: Context, args: Args) {
  const role = oneOf(text(args, "role"), ROLES, "--role");
  if (!role) throw new UsageError(`Name the role: --role ${ROLES.join("|")}`);
  const password = await newPassword(context, args);
  const answer = unwrap(
    await context.client.POST("/api/v1/users", {
      body: { username: positional(args, 0), password, role, disabled: flag(args, "disable") },
    }),
  );
  print(context, answer, () => `Created ${userLine(answer.user)}`);
  return undefined;
}

async function changeUser(context: Context, args: Args) {
  if (flag(args, "disable") && flag(args, "enable")) throw new UsageError("--disable or --enable, not both");
  const role = oneOf(text(args, "role"), ROLES, "--role");
  const patch: Record<string, unknown> = {
    ...(role ? { role } : {}),
    ...(flag(args, "disable") ? { disabled: true } : {}),
    ...(flag(args, "enable") ? { disabled: false } : {}),
    ...(flag(args, "set-password") ? { password: await newPassword(context, args) } : {}),
  };
  if (Object.keys(patch).length === 0)
    throw new UsageError("Name a change: --role, --disable, --enable or --set-password");
  const id = await userId(context, positional(args, 0));
  const answer = unwrap(
    await context.client.PATCH("/api/v1/users/{id}", {
      params: { path: { id } },
      body: patch as UserPatch,
    }),
  );
  print(context, answer, () => `Changed ${userLine(answer.user)}`);
  return undefined;
}

async function whoami(context: Context) {
  const session = unwrap(await context.client.GET("/api/v1/auth/me"));
  const { token: _token, ...shown } = session as typeof session & { token?: string };
  print(context, shown, () => `${userLine(session.user)} at ${context.url}`);
  return undefined;
}

const tokenRow = (t: {
  id: string;
  name: string;
  owner: { username: string };
  role: string;
  expiresAt: string;
  lastUsedAt?: string | null;
}) => [t.name, t.id, t.owner.username, t.role, t.expiresAt, t.lastUsedAt ?? "never"];

async function listTokens(context: Context, args: Args) {
  const username = text(args, "username");
  const answer = unwrap(
    await context.client.GET("/api/v1/tokens", { params: { query: username ? { username } : {} } }),
  );
  print(context, answer, () =>
    table(["NAME", "ID", "OWNER", "ROLE", "EXPIRES", "LAST USED"], answer.tokens.map(tokenRow)),
  );
  return undefined;
}

/** kcp tokens create: the secret is printed this once (the service keeps only its hash). */
async function createToken(context: Context, args: Args) {
  const role = oneOf(text(args, "role"), ROLES, "--role");
  const days = integer(text(args, "expires-in-days"), "--expires-in-days");
  const username = text(args, "username");
  const answer = unwrap(
    await context.client.POST("/api/v1/tokens", {
      body: {
        name: positional(args, 0),
        ...(role ? { role } : {}),
        ...(days === undefined ? {} : { expiresInDays: days }),
        ...(username ? { username } : {}),
      },
    }),
  );
  print(context, answer, () =>
    [
      `Created token ${answer.token.name} (${answer.token.id}) for ${answer.token.owner.username} as ${answer.token.role}, expires ${answer.token.expiresAt}.`,
      "Its secret, shown this once (use it as KCP_TOKEN):",
      answer.secret,
    ].join("\n"),
  );
  return undefined;
}

async function revokeToken(context: Context, args: Args) {
  const answer = unwrap(
    await context.client.DELETE("/api/v1/tokens/{id}", {
      params: { path: { id: positional(args, 0) } },
    }),
  );
  print(context, answer, () => `Revoked token ${answer.token.name} (${answer.token.id})`);
  return undefined;
}

const PASSWORD_RULE =
  "The password is never an argument: standard input, --password-file, or $KCP_NEW_PASSWORD (one trailing newline dropped).";

export const accessCommands: CommandSpec[] = [
  {
    path: ["whoami"],
    positionals: [],
    options: {},
    summary: "who this session or token acts as",
    examples: ["kcp whoami"],
    run: whoami,
  },
  {
    path: ["users", "list"],
    positionals: [],
    options: {},
    summary: "admin: the service's users",
    examples: ["kcp users list"],
    run: listUsers,
  },
  {
    path: ["users", "create"],
    positionals: ["USERNAME"],
    options: {
      role: ROLE,
      "password-file": PASSWORD_FILE,
      disable: { type: "boolean", help: "created disabled" },
    },
    summary: "admin: creates a user",
    details: [PASSWORD_RULE],
    examples: ["printf '%s\\n' \"$PW\" | kcp users create alice --role operator"],
    run: createUser,
  },
  {
    path: ["users", "change"],
    positionals: ["USERNAME"],
    options: {
      role: ROLE,
      disable: { type: "boolean", help: "disables the user (its sessions end)" },
      enable: { type: "boolean", help: "enables the user again" },
      "set-password": { type: "boolean", help: "sets a new password" },
      "password-file": PASSWORD_FILE,
    },
    summary: "admin: changes a user's role, password, or disables it",
    details: [PASSWORD_RULE],
    examples: ["kcp users change alice --role viewer", "kcp users change alice --set-password --password-file pw.txt"],
    run: changeUser,
  },
  {
    path: ["tokens", "list"],
    positionals: [],
    options: { username: { type: "string", value: "USER", help: "admin: this user's tokens only" } },
    summary: "API tokens (one's own; an admin's: everyone's)",
    examples: ["kcp tokens list"],
    run: listTokens,
  },
  {
    path: ["tokens", "create"],
    positionals: ["NAME"],
    options: {
      role: { ...ROLE, help: "at most the owner's (default: the owner's)" },
      "expires-in-days": { type: "string", value: "N", help: "1-365 (default 90)" },
      username: { type: "string", value: "USER", help: "admin: the user it acts as (default: oneself)" },
    },
    summary: "creates an API token; its secret is shown this once",
    examples: ["kcp tokens create ci-deploy --role operator --expires-in-days 30"],
    run: createToken,
  },
  {
    path: ["tokens", "revoke"],
    positionals: ["ID"],
    options: {},
    summary: "revokes an API token",
    examples: ["kcp tokens revoke 0f4c..."],
    run: revokeToken,
  },
];
