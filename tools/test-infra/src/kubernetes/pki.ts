import { execFile } from "node:child_process";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The files an API server of the harness runs with, all made fresh for each server. */
export interface KubePki {
  caCertificate: string;
  caFile: string;
  servingCertFile: string;
  servingKeyFile: string;
  /** The private key that signs service account tokens (`--service-account-signing-key-file`). */
  serviceAccountSigningKeyFile: string;
  /** Its public half, that verifies them (`--service-account-key-file`). */
  serviceAccountKeyFile: string;
  /** A static token of user kcp-admin in group system:masters (`--token-auth-file`). */
  token: string;
  tokenFile: string;
}

/**
 * The names the serving certificate is valid for: the loopback address clients use, and the in-cluster names of the
 * `kubernetes` service (what a real API server's certificate names too).
 */
const SERVING_NAMES = [
  "IP:127.0.0.1",
  "DNS:localhost",
  "DNS:kubernetes",
  "DNS:kubernetes.default",
  "DNS:kubernetes.default.svc",
  "DNS:kubernetes.default.svc.cluster.local",
];

async function openssl(args: string[], cwd: string): Promise<void> {
  await run("openssl", args, { cwd });
}

/** P-256 keys: as good as RSA keys for a test server, and made at once (node:crypto cannot make certificates). */
const EC_KEY = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];

/** A CA made for this server alone, and a serving certificate it signed (valid a week). */
async function certificates(dir: string): Promise<void> {
  await openssl(
    ["req", "-x509", ...EC_KEY, "-keyout", "ca.key", "-out", "ca.crt", "-days", "7"].concat([
      "-subj",
      "/CN=kcp-test-kubernetes-ca",
      "-addext",
      "basicConstraints=critical,CA:TRUE",
      "-addext",
      "keyUsage=critical,keyCertSign,cRLSign",
    ]),
    dir,
  );
  await openssl(
    ["req", "-new", ...EC_KEY, "-keyout", "apiserver.key", "-out", "apiserver.csr", "-subj", "/CN=kube-apiserver"],
    dir,
  );
  const extensions = `subjectAltName=${SERVING_NAMES.join(",")}\nextendedKeyUsage=serverAuth\nkeyUsage=critical,digitalSignature\n`;
  await writeFile(join(dir, "apiserver.ext"), extensions);
  await openssl(
    ["x509", "-req", "-in", "apiserver.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial"].concat([
      "-days",
      "7",
      "-sha256",
      "-extfile",
      "apiserver.ext",
      "-out",
      "apiserver.crt",
    ]),
    dir,
  );
}

/** Certificates, the service account signing key and the admin token of one API server, in `dir`. */
export async function generateKubePki(dir: string): Promise<KubePki> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await certificates(dir);
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const serviceAccountSigningKeyFile = join(dir, "service-account.key");
  await writeFile(serviceAccountSigningKeyFile, privateKey.export({ type: "pkcs8", format: "pem" }), { mode: 0o600 });
  const serviceAccountKeyFile = join(dir, "service-account.pub");
  await writeFile(serviceAccountKeyFile, publicKey.export({ type: "spki", format: "pem" }));
  const token = randomBytes(32).toString("hex");
  const tokenFile = join(dir, "tokens.csv");
  await writeFile(tokenFile, `${token},kcp-admin,kcp-admin,"system:masters"\n`, { mode: 0o600 });
  return {
    caCertificate: await readFile(join(dir, "ca.crt"), "utf8"),
    caFile: join(dir, "ca.crt"),
    servingCertFile: join(dir, "apiserver.crt"),
    servingKeyFile: join(dir, "apiserver.key"),
    serviceAccountSigningKeyFile,
    serviceAccountKeyFile,
    token,
    tokenFile,
  };
}
