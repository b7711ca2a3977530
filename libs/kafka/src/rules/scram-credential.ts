import { createHmac, pbkdf2Sync, randomBytes } from "node:crypto";
import type { ScramMechanism } from "@kcp/shared";

/** Kafka's wire codes of the mechanisms (ScramMechanism.type: 1 SCRAM-SHA-256, 2 SCRAM-SHA-512; 0 unknown). */
export const SCRAM_MECHANISM_CODES: Readonly<Record<ScramMechanism, number>> = {
  "SCRAM-SHA-256": 1,
  "SCRAM-SHA-512": 2,
};

export function scramMechanismOf(code: number): ScramMechanism | undefined {
  return (Object.keys(SCRAM_MECHANISM_CODES) as ScramMechanism[]).find((name) => SCRAM_MECHANISM_CODES[name] === code);
}

const HASH: Readonly<Record<ScramMechanism, { name: "sha256" | "sha512"; bytes: number }>> = {
  "SCRAM-SHA-256": { name: "sha256", bytes: 32 },
  "SCRAM-SHA-512": { name: "sha512", bytes: 64 },
};

/**
 * RFC 5802's SaltedPassword = Hi(password, salt, i), as Kafka's ScramFormatter.saltedPassword computes it: Hi is
 * PBKDF2 with the mechanism's HMAC and one block of output (the hash's length), over the password's UTF-8 bytes.
 */
export function scramSaltedPassword(
  mechanism: ScramMechanism,
  password: string,
  salt: Buffer,
  iterations: number,
): Buffer {
  const hash = HASH[mechanism];
  return pbkdf2Sync(Buffer.from(password, "utf8"), salt, iterations, hash.bytes, hash.name);
}

/** HMAC with the mechanism's hash (RFC 5802's HMAC(key, str)), for checking a salted password against an exchange. */
export function scramHmac(mechanism: ScramMechanism, key: Buffer, text: string | Buffer): Buffer {
  return createHmac(HASH[mechanism].name, key).update(text).digest();
}

/** What AlterUserScramCredentials takes for an upsertion: a fresh random salt and the salted password. */
export interface ScramUpsertion {
  salt: Buffer;
  saltedPassword: Buffer;
}

/** Salt length: as long as the hash, like the 32-byte salts common SCRAM servers generate (Kafka has no minimum). */
export function newScramCredential(mechanism: ScramMechanism, password: string, iterations: number): ScramUpsertion {
  const salt = randomBytes(HASH[mechanism].bytes);
  return { salt, saltedPassword: scramSaltedPassword(mechanism, password, salt, iterations) };
}
