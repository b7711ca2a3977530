import { createApiClient, unwrap } from "@kcp/api-client";
import { forgetLogin, saveLogin } from "../config-store.js";
import { type Context, print } from "../context.js";
import { UsageError } from "../exit-codes.js";

/**
 * kcp login --url URL --username NAME: the password from $KCP_PASSWORD or standard input (never an argument, which
 * would stay in the shell's history and the process list). The session token goes to the config file (0600).
 */
export async function login(context: Context, options: { username?: string }): Promise<void> {
  if (!options.username)
    throw new UsageError("kcp login --url URL --username NAME (password on stdin or $KCP_PASSWORD)");
  const password = context.env.KCP_PASSWORD ?? (await context.stdin()).replace(/\r?\n$/, "");
  if (!password) throw new UsageError("No password: pipe it to kcp login, or set KCP_PASSWORD");
  const anonymous = createApiClient({ baseUrl: context.url });
  const session = unwrap(
    await anonymous.POST("/api/v1/auth/login", {
      params: { header: { "X-Service-Request": "1" } },
      body: { username: options.username, password },
    }),
  );
  await saveLogin(context.configPath, { url: context.url, token: session.token, username: session.user.username });
  print(
    context,
    { url: context.url, username: session.user.username, role: session.user.role },
    () =>
      `Logged in to ${context.url} as ${session.user.username} (${session.user.role}); session saved in ${context.configPath}`,
  );
}

/** kcp logout: ends the session on the service and forgets it here. */
export async function logout(context: Context): Promise<void> {
  if (context.login) {
    await context.client.POST("/api/v1/auth/logout", { params: { header: { "X-Service-Request": "1" } } });
  }
  await forgetLogin(context.configPath);
  print(context, { loggedOut: true }, () => "Logged out");
}
