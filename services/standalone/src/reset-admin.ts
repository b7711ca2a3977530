import { randomBytes } from "node:crypto";
import { resetAdmin } from "@kcp/api-gateway";
import {
  authSection,
  createLogger,
  hashPassword,
  loadConfig,
  logSection,
  storeSection,
  UsernameSchema,
} from "@kcp/shared";
import { openStore } from "@kcp/store";

/**
 * `npm run reset-admin [username]`: the way back into a locked-out installation, run on the host with the service's
 * own store settings (STORE, DATA_DIR, MONGO_URL). Makes the user (the argument, else ADMIN_USERNAME) an enabled admin
 * with ADMIN_PASSWORD, or with a generated password printed once on stdout — the one place it appears; creates the
 * user if missing, revokes its sessions, ends its login lockouts, and writes the audit entry `user.reset-admin` by
 * `system:reset-admin`. Log lines go to stderr; stdout carries only the result.
 */
async function main(): Promise<void> {
  const config = loadConfig(logSection.and(storeSection).and(authSection));
  const logger = createLogger({
    name: "reset-admin",
    level: config.LOG_LEVEL,
    format: config.LOG_FORMAT,
    destination: process.stderr,
  });
  const username = process.argv[2] ?? config.ADMIN_USERNAME;
  if (!UsernameSchema.safeParse(username).success) {
    throw new Error(
      `"${username}" is not a valid username (3-64 of A-Z a-z 0-9 . _ -, starting with a letter or digit)`,
    );
  }
  const generated = config.ADMIN_PASSWORD === undefined;
  const password = config.ADMIN_PASSWORD ?? randomBytes(18).toString("base64url");
  const store = await openStore(config, logger);
  try {
    const result = await resetAdmin(store, username, await hashPassword(password), { passwordGenerated: generated });
    const lines = [
      `reset-admin: "${username}" is an enabled admin ${result.created ? "(created)" : "again"}; ` +
        `${result.revokedSessions} session(s) revoked; lockouts ended on ${result.throttleKeysReset} client address(es); ` +
        "audited as user.reset-admin",
      generated
        ? `password: ${password}\n(generated and shown only here, once: log in and change it)`
        : "password: the one in ADMIN_PASSWORD",
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
  } finally {
    await store.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`reset-admin failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
