import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { aptInstall, onPath, systemInstallAllowed } from "./install.js";

const run = promisify(execFile);

/** Something the tests need from the machine, and how a person gets it. */
export interface Prerequisite {
  name: string;
  /** What needs it, in the words of the message. */
  neededFor: string;
  present: boolean;
  /** The Debian package the harness installs itself where it may (absent: the person installs it). */
  aptPackage?: string;
  /** The command that installs it, named in the message. */
  install: string;
}

/**
 * Pure: the one message naming every missing prerequisite the harness will not install itself, each with the
 * command that installs it; undefined when nothing is missing.
 */
export function missingPrerequisitesMessage(prerequisites: Prerequisite[], aptAllowed: boolean): string | undefined {
  const missing = prerequisites.filter((p) => !p.present && !(aptAllowed && p.aptPackage));
  if (missing.length === 0) return undefined;
  const lines = missing.map((p) => `  - ${p.name} (for ${p.neededFor}): ${p.install}`);
  const byApt = missing.filter((p) => p.aptPackage).map((p) => p.name);
  const aptHint =
    byApt.length === 0
      ? ""
      : `\n${byApt.join(" and ")}: the harness installs ${byApt.length === 1 ? "it" : "them"} itself when it runs as ` +
        "root with apt-get, or with KCP_ALLOW_APT=1.";
  return `The tests need what this machine lacks:\n${lines.join("\n")}${aptHint}`;
}

/** Java's major version from `java -version` (17 for "17.0.9", 8 for "1.8.0_392"), 0 without Java. */
export function javaMajor(versionOutput: string): number {
  const match = /version "(\d+)(?:\.(\d+))?/.exec(versionOutput);
  if (!match) return 0;
  const first = Number(match[1]);
  return first === 1 ? Number(match[2] ?? 0) : first;
}

/** Whether `command` is on PATH or in the system folders root's PATH has (Debian puts runc and debootstrap there). */
const onSystemPath = async (command: string) =>
  (await onPath(command)) || (await onPath(`/usr/sbin/${command}`)) || (await onPath(`/sbin/${command}`));

/** Whether the Python Schemathesis runs on is 3.11+ with venv (KCP_PYTHON, else python3). */
async function pythonReady(): Promise<boolean> {
  const python = process.env.KCP_PYTHON ?? "python3";
  try {
    await run(python, ["-c", "import sys, venv, ensurepip; sys.exit(0 if sys.version_info >= (3, 11) else 1)"]);
    return true;
  } catch {
    return false;
  }
}

async function installedJavaMajor(): Promise<number> {
  try {
    const { stdout, stderr } = await run("java", ["-version"]);
    return javaMajor(`${stderr}${stdout}`);
  } catch {
    return 0;
  }
}

/**
 * What the machine has of what the tests need (Go only while FerretDB, promlint, promtool, helm, etcd or
 * kube-apiserver must still be built).
 */
export async function probePrerequisites(options: {
  chromiumPresent: boolean;
  needGo: boolean;
}): Promise<Prerequisite[]> {
  const [java, mvn, go, redis, slapd, podman, runc, debootstrap, python, node] = await Promise.all([
    installedJavaMajor(),
    onPath("mvn"),
    options.needGo ? onPath("go") : Promise.resolve(true),
    onPath("redis-server"),
    onSystemPath("slapd"),
    onSystemPath("podman"),
    onSystemPath("runc"),
    onSystemPath("debootstrap"),
    pythonReady(),
    kubernetesNodePrerequisites(),
  ]);
  return [
    ...node,
    {
      name: "Java 17 or newer",
      neededFor: "running Kafka",
      present: java >= 17,
      install: "apt-get install openjdk-17-jre-headless (or any JDK 17+ on PATH)",
    },
    {
      name: "Maven (mvn)",
      neededFor: "fetching Kafka from Maven Central",
      present: mvn,
      install: "apt-get install maven",
    },
    {
      name: "Go",
      neededFor:
        "building FerretDB, the MongoDB-compatible server (unless MONGO_URL names a MongoDB), promlint, promtool, helm, etcd and kube-apiserver",
      present: go,
      install:
        "install Go 1.26+ from https://go.dev/dl/ (kube-apiserver v1.36 needs it; or your distribution's golang package)",
    },
    {
      name: "redis-server",
      neededFor: "the distributed setup's tests",
      present: redis,
      aptPackage: "redis-server",
      install: "apt-get install redis-server",
    },
    {
      name: "slapd",
      neededFor: "the LDAP login's tests (OpenLDAP's server)",
      present: slapd,
      aptPackage: "slapd",
      install: "apt-get install slapd",
    },
    {
      name: "Podman",
      neededFor: "the container provider's tests (a Docker-compatible engine)",
      present: podman,
      aptPackage: "podman",
      install: "apt-get install podman",
    },
    {
      name: "runc",
      neededFor: "running the container provider's Kafka containers under Podman",
      present: runc,
      aptPackage: "runc",
      install: "apt-get install runc",
    },
    {
      name: "debootstrap",
      neededFor: "building the Kafka images of the container provider's tests",
      present: debootstrap,
      aptPackage: "debootstrap",
      install: "apt-get install debootstrap",
    },
    {
      name: "Python 3.11+ with venv",
      neededFor: "Schemathesis, the API fuzzer, and the generated Python clients",
      present: python,
      aptPackage: "python3-venv",
      install: "apt-get install python3 python3-venv (or set KCP_PYTHON to a Python 3.11+)",
    },
    {
      name: "Chromium",
      neededFor: "the console's browser tests",
      present: options.chromiumPresent,
      aptPackage: "chromium",
      install: "apt-get install chromium (or set CHROMIUM_PATH)",
    },
  ];
}

/** What the harness's Kubernetes node runs on (see kubernetes/node.ts), all from Debian's packages. */
export async function kubernetesNodePrerequisites(): Promise<Prerequisite[]> {
  const neededFor = "the Kubernetes node the Helm chart is installed on";
  const needed = [
    { name: "containerd", command: "containerd", aptPackage: "containerd" },
    { name: "CNI plugins", command: "/usr/lib/cni/bridge", aptPackage: "containernetworking-plugins" },
    { name: "iptables", command: "iptables", aptPackage: "iptables" },
    { name: "ipset", command: "ipset", aptPackage: "ipset" },
    { name: "curl", command: "curl", aptPackage: "curl" },
  ];
  return Promise.all(
    needed.map(async ({ name, command, aptPackage }) => ({
      name,
      neededFor,
      present: await onSystemPath(command),
      aptPackage,
      install: `apt-get install ${aptPackage}`,
    })),
  );
}

/**
 * Before anything is built: every missing prerequisite named at once, or the Debian packages among them installed
 * where the harness may (see systemInstallAllowed). Throws the message when something is still missing.
 */
export async function ensurePrerequisites(prerequisites: Prerequisite[]): Promise<void> {
  const aptAllowed = systemInstallAllowed();
  const message = missingPrerequisitesMessage(prerequisites, aptAllowed);
  if (message) throw new Error(message);
  const packages = prerequisites.filter((p) => !p.present && p.aptPackage).map((p) => p.aptPackage as string);
  if (packages.length > 0) await aptInstall(packages);
}
