import type { ScramMechanism, SealedSecrets, SecretBox } from "@kcp/shared";
import { credentialKey } from "./scope.js";

/** A SCRAM credential salted at plan time: what Kafka stores, never the password. */
export interface SaltedCredential {
  user: string;
  mechanism: ScramMechanism;
  iterations: number;
  salt: Buffer;
  saltedPassword: Buffer;
}

/** The plan's salted credentials sealed with the service's secret key, one entry per user and mechanism. */
export function sealCredentials(box: SecretBox, credentials: readonly SaltedCredential[]): SealedSecrets {
  return box.seal(
    Object.fromEntries(
      credentials.map((c) => [
        credentialKey(c.user, c.mechanism),
        JSON.stringify({
          iterations: c.iterations,
          salt: c.salt.toString("base64"),
          saltedPassword: c.saltedPassword.toString("base64"),
        }),
      ]),
    ),
  );
}

/** One salted credential out of the sealed ones; undefined when the plan had none for that user and mechanism. */
export function openCredential(
  box: SecretBox,
  sealed: SealedSecrets,
  user: string,
  mechanism: ScramMechanism,
): SaltedCredential | undefined {
  const text = box.open(sealed)[credentialKey(user, mechanism)];
  if (text === undefined) return undefined;
  const parsed = JSON.parse(text) as { iterations: number; salt: string; saltedPassword: string };
  return {
    user,
    mechanism,
    iterations: parsed.iterations,
    salt: Buffer.from(parsed.salt, "base64"),
    saltedPassword: Buffer.from(parsed.saltedPassword, "base64"),
  };
}
