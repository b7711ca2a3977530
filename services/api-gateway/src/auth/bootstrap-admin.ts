import { randomBytes } from "node:crypto";
import { AppError, type AuthConfig, hashPassword, type Logger } from "@kcp/shared";
import type { Store } from "@kcp/store";

/**
 * On first start (no user at all) creates the admin from ADMIN_USERNAME/ADMIN_PASSWORD, or with a generated password
 * that is logged once — the one log line that carries a secret, on purpose, so the operator can log in.
 * Two instances starting together race harmlessly: the second insert hits the unique username.
 */
export async function bootstrapAdmin(store: Store, config: AuthConfig, logger: Logger): Promise<void> {
  if ((await store.users.count()) > 0) return;
  const generated = config.ADMIN_PASSWORD === undefined;
  const password = config.ADMIN_PASSWORD ?? randomBytes(18).toString("base64url");
  try {
    await store.users.create({
      username: config.ADMIN_USERNAME,
      role: "admin",
      disabled: false,
      passwordHash: await hashPassword(password),
    });
  } catch (error) {
    if (error instanceof AppError && error.code === "already_exists") return;
    throw error;
  }
  if (generated) {
    logger.warn(
      `created the first admin "${config.ADMIN_USERNAME}" with the generated password ${password} (shown once; change it)`,
    );
  } else {
    logger.info({ username: config.ADMIN_USERNAME }, "created the first admin from ADMIN_USERNAME/ADMIN_PASSWORD");
  }
}
