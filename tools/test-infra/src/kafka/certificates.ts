import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface TlsMaterial {
  caPem: string;
  caFile: string;
  /** Private key (PKCS#8) followed by the certificate chain: Kafka's PEM keystore format. */
  brokerKeystoreFile: string;
  clientCertPem: string;
  clientKeyPem: string;
}

async function openssl(args: string[], cwd: string): Promise<void> {
  await run("openssl", args, { cwd });
}

async function signedCertificate(dir: string, name: string, subject: string, extensions: string): Promise<void> {
  await openssl(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", `${name}.key`], dir);
  await openssl(["req", "-new", "-key", `${name}.key`, "-subj", subject, "-out", `${name}.csr`], dir);
  await writeFile(join(dir, `${name}.ext`), extensions);
  await openssl(
    ["x509", "-req", "-in", `${name}.csr`, "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial"].concat([
      "-days",
      "7",
      "-sha256",
      "-extfile",
      `${name}.ext`,
      "-out",
      `${name}.pem`,
    ]),
    dir,
  );
}

/** A fresh CA per run, a broker certificate for 127.0.0.1/localhost, and a client certificate for mutual TLS. */
export async function generateTlsMaterial(dir: string): Promise<TlsMaterial> {
  await openssl(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", "ca.key"], dir);
  await openssl(
    ["req", "-x509", "-new", "-key", "ca.key", "-sha256", "-days", "7", "-subj", "/CN=kcp-test-ca", "-out", "ca.pem"],
    dir,
  );
  await signedCertificate(
    dir,
    "broker",
    "/CN=localhost",
    "subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth,clientAuth\n",
  );
  await signedCertificate(dir, "client", "/CN=kcp-client", "extendedKeyUsage=clientAuth\n");
  const [caPem, brokerKey, brokerCert, clientCertPem, clientKeyPem] = await Promise.all(
    ["ca.pem", "broker.key", "broker.pem", "client.pem", "client.key"].map((f) => readFile(join(dir, f), "utf8")),
  );
  const brokerKeystoreFile = join(dir, "broker-keystore.pem");
  await writeFile(brokerKeystoreFile, `${brokerKey}${brokerCert}${caPem}`);
  return {
    caPem: caPem as string,
    caFile: join(dir, "ca.pem"),
    brokerKeystoreFile,
    clientCertPem: clientCertPem as string,
    clientKeyPem: clientKeyPem as string,
  };
}
