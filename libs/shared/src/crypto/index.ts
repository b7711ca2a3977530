export { decoyPasswordHash, hashPassword, verifyPassword } from "./passwords.js";
export {
  openSecrets,
  parseSecretKey,
  type SealedSecrets,
  type SecretKey,
  sealSecrets,
  secretKeyFromBytes,
} from "./secret-box.js";
export { hashToken, newSessionToken } from "./tokens.js";
