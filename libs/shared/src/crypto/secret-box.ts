import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/** An AES-256 key and its id; the id is stored beside each sealed blob so keys can be rotated. */
export interface SecretKey {
  id: string;
  key: Buffer;
}

export interface SealedSecrets {
  keyId: string;
  /** base64 of iv (12 bytes) | auth tag (16 bytes) | ciphertext */
  blob: string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The key id is derived from the key itself: the first 16 hex digits of its SHA-256. */
export function secretKeyFromBytes(key: Buffer): SecretKey {
  if (key.length !== 32) throw new Error("a secret key must be 32 bytes (AES-256)");
  return { id: createHash("sha256").update(key).digest("hex").slice(0, 16), key };
}

/**
 * Parses a configured key: 64 hex digits or base64 of 32 bytes. The message of a failure never includes the value.
 */
export function parseSecretKey(text: string): SecretKey {
  const trimmed = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, "hex") : Buffer.from(trimmed, "base64");
  if (bytes.length !== 32) throw new Error("SECRET_KEY must be 32 bytes, as 64 hex digits or base64");
  return secretKeyFromBytes(bytes);
}

/** AES-256-GCM over the JSON of `secrets`, with the key id as additional authenticated data. */
export function sealSecrets(secrets: Record<string, string>, key: SecretKey): SealedSecrets {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key.key, iv);
  cipher.setAAD(Buffer.from(key.id, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(secrets), "utf8"), cipher.final()]);
  return { keyId: key.id, blob: Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64") };
}

/** Opens a sealed blob with whichever of `keys` sealed it; throws when none did or the blob was tampered with. */
export function openSecrets(sealed: SealedSecrets, keys: readonly SecretKey[]): Record<string, string> {
  const key = keys.find((candidate) => candidate.id === sealed.keyId);
  if (!key) throw new Error(`no configured secret key has id ${sealed.keyId}`);
  const raw = Buffer.from(sealed.blob, "base64");
  const decipher = createDecipheriv("aes-256-gcm", key.key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(key.id, "utf8"));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  const plaintext = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  return JSON.parse(plaintext.toString("utf8")) as Record<string, string>;
}

/**
 * Seals with the current key and opens with the current or any previous one, so keys can be rotated: configure the
 * new key as current and the old one as previous, re-seal every blob, then drop the old key.
 */
export class SecretBox {
  constructor(
    readonly current: SecretKey,
    readonly previous: readonly SecretKey[] = [],
  ) {}

  seal(secrets: Record<string, string>): SealedSecrets {
    return sealSecrets(secrets, this.current);
  }

  open(sealed: SealedSecrets): Record<string, string> {
    return openSecrets(sealed, [this.current, ...this.previous]);
  }

  /** Whether a blob was sealed with an older key (and should be re-sealed). */
  isStale(sealed: SealedSecrets): boolean {
    return sealed.keyId !== this.current.id;
  }
}
