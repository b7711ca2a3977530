import { execFile } from "node:child_process";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { createConnection } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import {
  type Component,
  freePort,
  type ManagedProcess,
  makeRunDir,
  markChildProcess,
  startProcess,
  waitFor,
} from "../common/index.js";
import { TestCertificateAuthority } from "../tls/index.js";
import { type TestDirectory, testDirectory } from "./directory.js";
import { ensureSlapd, SLAPADD, SLAPD_MODULES, SLAPD_SCHEMAS } from "./slapd-binary.js";

const run = promisify(execFile);

/** The unprivileged account slapd runs as when the tests run as root (Debian's slapd package creates it). */
const SLAPD_USER = "openldap";

export interface SlapdOptions {
  /** The CA that signs the server's certificate (default: a new one in the server's folder). */
  authority?: TestCertificateAuthority;
  /**
   * Refuse every operation but StartTLS on a connection without TLS (slapd's `security tls=1`), so a client that
   * forgot StartTLS fails instead of sending a password in the clear. Default true.
   */
  requireTls?: boolean;
}

export interface SlapdServer extends Component {
  /** `ldap://127.0.0.1:<port>`: StartTLS on it, with `caFile`. */
  readonly url: string;
  readonly port: number;
  /** `ldaps://127.0.0.1:<port>`: TLS from the first byte, the same certificate. */
  readonly ldapsUrl: string;
  readonly caFile: string;
  readonly caPem: string;
  readonly directory: TestDirectory;
  readonly logFile: string;
  /** The DNs of every bind request the server received so far, in order (from its stats log). */
  binds(): Promise<string[]>;
  /** SIGSTOP: the server keeps its port (the kernel still accepts connections) but answers nothing. */
  freeze(): void;
  /** SIGCONT after freeze. */
  thaw(): void;
  /** SIGKILL: the server vanishes as in a crash. */
  kill(): Promise<void>;
}

function listens(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    socket.setTimeout(1000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * slapd.conf of the test server: the standard schemas, one MDB database holding the test directory, TLS with the
 * harness's certificate, and access rules as a directory with people in it has them — a password is only ever
 * compared at a bind, bound users read the rest, anonymous users read nothing. An unauthenticated bind (a DN with an
 * empty password) succeeds as an anonymous one (`allow bind_anon_dn`), as Active Directory and many servers allow: a
 * client that sent one would believe the user's password right.
 */
function slapdConf(dir: string, directory: TestDirectory, requireTls: boolean): string {
  return [
    ...["core", "cosine", "nis", "inetorgperson"].map((s) => `include ${SLAPD_SCHEMAS}/${s}.schema`),
    `pidfile ${join(dir, "slapd.pid")}`,
    `argsfile ${join(dir, "slapd.args")}`,
    `modulepath ${SLAPD_MODULES}`,
    "moduleload back_mdb",
    `TLSCACertificateFile ${join(dir, "tls", "ca.pem")}`,
    `TLSCertificateFile ${join(dir, "tls", "slapd.pem")}`,
    `TLSCertificateKeyFile ${join(dir, "tls", "slapd.key")}`,
    "allow bind_anon_dn",
    ...(requireTls ? ["security tls=1"] : []),
    "database mdb",
    "maxsize 67108864",
    `suffix "${directory.baseDn}"`,
    `rootdn "cn=admin,${directory.baseDn}"`,
    `directory ${join(dir, "data")}`,
    "access to attrs=userPassword by anonymous auth by * none",
    "access to * by users read by * none",
    "",
  ].join("\n");
}

/**
 * A real OpenLDAP server (Debian's slapd) on a free loopback port, in a folder of its own, as a foreground process
 * that is not root (as `openldap` when the tests run as root), loaded from the test directory's LDIF, serving StartTLS
 * (and ldaps:// on a second port) with a certificate of the harness's CA. It takes its lease of the machine's budget
 * like every server.
 */
export async function startSlapd(options: SlapdOptions = {}): Promise<SlapdServer> {
  const slapd = await ensureSlapd();
  const dir = await makeRunDir("slapd");
  await chmod(dir, 0o755);
  const authority = options.authority ?? (await TestCertificateAuthority.create(join(dir, "tls"), "kcp-ldap-test-ca"));
  const issued = await authority.issue("slapd", ["127.0.0.1", "localhost"]);
  const tls = join(dir, "tls");
  if (authority.dir !== tls) {
    await mkdir(tls, { recursive: true });
    await writeFile(join(tls, "slapd.pem"), issued.certPem);
    await writeFile(join(tls, "slapd.key"), issued.keyPem, { mode: 0o600 });
  }
  await writeFile(join(tls, "ca.pem"), authority.caPem);
  const directory = testDirectory();
  const conf = join(dir, "slapd.conf");
  await writeFile(conf, slapdConf(dir, directory, options.requireTls ?? true));
  await writeFile(join(dir, "directory.ldif"), directory.ldif);
  await mkdir(join(dir, "data"));

  const asRoot = process.getuid?.() === 0;
  // As root, the folder becomes the server's account's, and the server and slapadd run as that account.
  const unprivileged = (command: string, args: string[]): [string, string[]] =>
    asRoot
      ? [
          "setpriv",
          [
            `--reuid=${SLAPD_USER}`,
            `--regid=${SLAPD_USER}`,
            "--clear-groups",
            "--pdeathsig",
            "KILL",
            "--",
            command,
            ...args,
          ],
        ]
      : [command, args];
  if (asRoot) await run("chown", ["-R", `${SLAPD_USER}:${SLAPD_USER}`, dir]);
  markChildProcess();
  await run(...unprivileged(SLAPADD, ["-f", conf, "-l", join(dir, "directory.ldif")]));

  const [port, ldapsPort] = [await freePort(), await freePort()];
  const url = `ldap://127.0.0.1:${port}`;
  const ldapsUrl = `ldaps://127.0.0.1:${ldapsPort}`;
  const logFile = join(dir, "slapd.log");
  // -d 256: the stats log on stderr (connections, binds, searches, results), and slapd stays in the foreground.
  const [command, args] = unprivileged(slapd, ["-d", "256", "-h", `${url}/ ${ldapsUrl}/`, "-f", conf]);
  const server: ManagedProcess = await startProcess({
    command,
    args,
    logFile,
    budget: { kind: "ldap", what: `slapd on port ${port}` },
  });
  await waitFor(`slapd on port ${port}`, async () => {
    if (server.hasExited()) throw new Error(`slapd exited; see ${logFile}`);
    return (await listens(port)) && (await listens(ldapsPort)) ? true : undefined;
  });
  await server.up();

  return {
    url,
    port,
    ldapsUrl,
    caFile: join(tls, "ca.pem"),
    caPem: authority.caPem,
    directory,
    logFile,
    async binds() {
      const log = await readFile(logFile, "utf8");
      return [...log.matchAll(/ BIND dn="([^"]*)" method=/g)].map((m) => m[1] as string);
    },
    freeze: () => process.kill(server.pid, "SIGSTOP"),
    thaw: () => process.kill(server.pid, "SIGCONT"),
    stop: async () => {
      if (!server.hasExited()) process.kill(server.pid, "SIGCONT");
      await server.stop(10_000);
    },
    kill: async () => server.kill(),
  };
}
