export { libsChecksum } from "./artifact-checksum.js";
export { bodyDigest, commandBinding } from "./command-binding.js";
export { decoyPasswordHash, hashPassword, verifyPassword } from "./passwords.js";
export {
  openSecrets,
  parseSecretKey,
  type SealedSecrets,
  SecretBox,
  type SecretKey,
  sealSecrets,
  secretKeyFromBytes,
} from "./secret-box.js";
export { GENERATED_KEY_FILE, loadSecretBox } from "./secret-key-source.js";
export { API_TOKEN_PREFIX, hashToken, newApiTokenSecret, newSessionToken } from "./tokens.js";
