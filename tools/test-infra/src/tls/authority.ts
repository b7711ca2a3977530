import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

async function openssl(args: string[], cwd: string): Promise<void> {
  await run("openssl", args, { cwd });
}

/** A server certificate the authority issued: its files and PEM texts. */
export interface IssuedCertificate {
  certFile: string;
  keyFile: string;
  certPem: string;
  keyPem: string;
}

/**
 * A throwaway certificate authority (EC P-256, made with openssl in `dir`, valid 7 days) that issues server
 * certificates for loopback addresses or names: what the node agents of a test cluster serve HTTPS with, the CA being
 * what the service trusts as AGENT_CA. Keys stay in `dir` (mode 0600).
 */
export class TestCertificateAuthority {
  private constructor(
    readonly dir: string,
    readonly caFile: string,
    readonly caPem: string,
  ) {}

  /** A new CA in `dir` named `name` (its subject's CN). */
  static async create(dir: string, name = "kcp-test-ca"): Promise<TestCertificateAuthority> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await openssl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", "ca.key"], dir);
    await openssl(
      ["req", "-x509", "-new", "-key", "ca.key", "-sha256", "-days", "7", "-subj", `/CN=${name}`, "-out", "ca.pem"],
      dir,
    );
    return new TestCertificateAuthority(dir, join(dir, "ca.pem"), await readFile(join(dir, "ca.pem"), "utf8"));
  }

  /** A server certificate named `name` (files `<name>.pem`, `<name>.key`) for `hosts`: IP addresses or DNS names. */
  async issue(name: string, hosts: string[] = ["127.0.0.1"]): Promise<IssuedCertificate> {
    const { dir } = this;
    const sans = hosts.map((host) => (/^[\d.]+$|:/.test(host) ? `IP:${host}` : `DNS:${host}`)).join(",");
    await openssl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", `${name}.key`], dir);
    await openssl(
      ["req", "-new", "-key", `${name}.key`, "-subj", `/CN=${hosts[0] ?? name}`, "-out", `${name}.csr`],
      dir,
    );
    await writeFile(join(dir, `${name}.ext`), `subjectAltName=${sans}\nextendedKeyUsage=serverAuth\n`);
    // A random serial, not a serial file: several certificates may be issued at once.
    const serial = `0x${randomBytes(16).toString("hex")}`;
    const sign = ["x509", "-req", "-in", `${name}.csr`, "-CA", "ca.pem", "-CAkey", "ca.key", "-set_serial", serial];
    await openssl([...sign, "-days", "7", "-sha256", "-extfile", `${name}.ext`, "-out", `${name}.pem`], dir);
    const [certPem, keyPem] = await Promise.all([
      readFile(join(dir, `${name}.pem`), "utf8"),
      readFile(join(dir, `${name}.key`), "utf8"),
    ]);
    return { certFile: join(dir, `${name}.pem`), keyFile: join(dir, `${name}.key`), certPem, keyPem };
  }
}
