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
  /** Signed by the CA, in group system:masters: what the API server shows a kubelet (logs, exec). */
  kubeletClientCertFile: string;
  kubeletClientKeyFile: string;
}

export interface KubePkiOptions {
  /** More subject names of the serving certificate (`IP:10.201.0.2`), after the loopback's and the service's. */
  servingNames?: string[];
  /** More static tokens: `[token, user, uid, groups]` (the node's components, each as its own user). */
  tokens?: [string, string, string, string[]][];
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

/** A certificate the CA of `dir` signs: `name`.key and `name`.crt, with the extensions given. */
async function signed(dir: string, name: string, subject: string, extensions: string): Promise<void> {
  await openssl(["req", "-new", ...EC_KEY, "-keyout", `${name}.key`, "-out", `${name}.csr`, "-subj", subject], dir);
  await writeFile(join(dir, `${name}.ext`), extensions);
  await openssl(
    ["x509", "-req", "-in", `${name}.csr`, "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial"].concat([
      "-days",
      "7",
      "-sha256",
      "-extfile",
      `${name}.ext`,
      "-out",
      `${name}.crt`,
    ]),
    dir,
  );
}

/** A CA made for this server alone, a serving certificate and a kubelet client certificate it signed (a week). */
async function certificates(dir: string, servingNames: string[]): Promise<void> {
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
  const names = [...SERVING_NAMES, ...servingNames].join(",");
  await signed(
    dir,
    "apiserver",
    "/CN=kube-apiserver",
    `subjectAltName=${names}\nextendedKeyUsage=serverAuth\nkeyUsage=critical,digitalSignature\n`,
  );
  await signed(
    dir,
    "kubelet-client",
    "/O=system:masters/CN=kube-apiserver-kubelet-client",
    "extendedKeyUsage=clientAuth\nkeyUsage=critical,digitalSignature\n",
  );
}

/** Certificates, the service account signing key and the admin token of one API server, in `dir`. */
export async function generateKubePki(dir: string, options: KubePkiOptions = {}): Promise<KubePki> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await certificates(dir, options.servingNames ?? []);
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const serviceAccountSigningKeyFile = join(dir, "service-account.key");
  await writeFile(serviceAccountSigningKeyFile, privateKey.export({ type: "pkcs8", format: "pem" }), { mode: 0o600 });
  const serviceAccountKeyFile = join(dir, "service-account.pub");
  await writeFile(serviceAccountKeyFile, publicKey.export({ type: "spki", format: "pem" }));
  const token = randomBytes(32).toString("hex");
  const tokenFile = join(dir, "tokens.csv");
  const tokens: [string, string, string, string[]][] = [[token, "kcp-admin", "kcp-admin", ["system:masters"]]];
  const lines = [...tokens, ...(options.tokens ?? [])].map(
    ([secret, user, uid, groups]) => `${secret},${user},${uid}${groups.length ? `,"${groups.join(",")}"` : ""}\n`,
  );
  await writeFile(tokenFile, lines.join(""), { mode: 0o600 });
  return {
    caCertificate: await readFile(join(dir, "ca.crt"), "utf8"),
    caFile: join(dir, "ca.crt"),
    servingCertFile: join(dir, "apiserver.crt"),
    servingKeyFile: join(dir, "apiserver.key"),
    serviceAccountSigningKeyFile,
    serviceAccountKeyFile,
    token,
    tokenFile,
    kubeletClientCertFile: join(dir, "kubelet-client.crt"),
    kubeletClientKeyFile: join(dir, "kubelet-client.key"),
  };
}
