import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { copyFile, mkdir, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { AppError, type ArtifactAvailability, type Logger, libsChecksum } from "@kcp/shared";
import { readJson, writeJsonAtomic } from "./files.js";

const run = promisify(execFile);

export interface Installation {
  version: string;
  path: string;
  sha512: string;
}

/** A Kafka version as a folder name: digits and dots with an optional suffix; nothing that could leave the folder. */
export const VERSION_PATTERN = /^\d+\.\d+\.\d+(?:[.-][A-Za-z0-9]+)*$/;

const MARKER = "kcp-installation.json";
/** How long each HEAD request of an availability check may take. */
const AVAILABILITY_TIMEOUT_MS = 10_000;

async function sha512File(path: string): Promise<string> {
  const hash = createHash("sha512");
  await pipeline(createReadStream(path), hash);
  return hash.digest("hex");
}

/** The checksum of a folder source's version: one implementation, in `@kcp/shared` (the test harness uses it too). */
export { libsChecksum };

/** The hex digest a `.sha512` file holds: sha512sum's `<hex>  <name>` or Apache's `name: HEX HEX …` groups. */
export function parseChecksumFile(text: string): string {
  const trimmed = text.trim();
  const leading = /^[0-9a-fA-F]{128}(?![0-9a-fA-F])/.exec(trimmed);
  const hex = leading
    ? leading[0].toLowerCase()
    : trimmed
        .slice(trimmed.indexOf(":") + 1)
        .replace(/\s+/g, "")
        .toLowerCase();
  if (!/^[0-9a-f]{128}$/.test(hex)) throw new Error("the checksum file holds no SHA-512");
  return hex;
}

/** The Kafka versions installed side by side under `<state>/installations/<version>`. */
export class Installations {
  private readonly root: string;
  private readonly pending = new Map<string, Promise<Installation>>();

  constructor(
    stateDir: string,
    private readonly artifacts: string,
    private readonly logger: Logger,
  ) {
    this.root = join(stateDir, "installations");
  }

  async init(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    // Installs the agent did not finish (it died in the middle) leave only temporary folders: removed.
    for (const name of await readdir(this.root)) {
      if (name.startsWith(".tmp-")) await rm(join(this.root, name), { recursive: true, force: true });
    }
  }

  path(version: string): string {
    return join(this.root, version);
  }

  async get(version: string): Promise<Installation | undefined> {
    if (!VERSION_PATTERN.test(version)) return undefined;
    const marker = await readJson<{ sha512: string }>(join(this.path(version), MARKER));
    return marker ? { version, path: this.path(version), sha512: marker.sha512 } : undefined;
  }

  async list(): Promise<Installation[]> {
    const found: Installation[] = [];
    for (const name of (await readdir(this.root)).sort()) {
      const installation = await this.get(name);
      if (installation) found.push(installation);
    }
    return found;
  }

  /**
   * Whether `version` can be run here: installed already, or available from the artifact source: for a folder, its
   * `<version>/libs` and a `<version>.sha512` holding a SHA-512; for HTTP(S), a HEAD of the tarball and of its
   * `.sha512` both answered 2xx. Nothing is downloaded; `reason` says why a version is neither.
   */
  async availability(version: string): Promise<ArtifactAvailability> {
    const installed = (await this.get(version)) !== undefined;
    const missing = this.artifacts.startsWith("file://")
      ? await this.missingFromFolder(version, fileURLToPath(this.artifacts))
      : await this.missingFromArchive(version, this.artifacts.replace(/\/+$/, ""));
    return {
      version,
      installed,
      available: missing === undefined,
      ...(missing !== undefined && !installed ? { reason: missing } : {}),
    };
  }

  private async missingFromFolder(version: string, folder: string): Promise<string | undefined> {
    const libs = await stat(join(folder, version, "libs")).catch(() => undefined);
    if (!libs?.isDirectory()) return `the artifact source has no ${version}/libs`;
    try {
      parseChecksumFile(await readFile(join(folder, `${version}.sha512`), "utf8"));
      return undefined;
    } catch {
      return `the artifact source has no checksum of ${version} (${version}.sha512)`;
    }
  }

  private async missingFromArchive(version: string, prefix: string): Promise<string | undefined> {
    const name = `kafka_2.13-${version}.tgz`;
    for (const file of [name, `${name}.sha512`]) {
      const answer = await fetch(`${prefix}/${version}/${file}`, {
        method: "HEAD",
        redirect: "follow",
        signal: AbortSignal.timeout(AVAILABILITY_TIMEOUT_MS),
      }).catch((error: unknown) => error as Error);
      if (answer instanceof Error) return `the artifact source did not answer for ${file} (${answer.name})`;
      if (!answer.ok) return `the artifact source answered ${answer.status} for ${file}`;
    }
    return undefined;
  }

  /** Installs a version once (concurrent requests for one version share the work); installed: the same answer. */
  install(version: string): Promise<Installation> {
    const running = this.pending.get(version);
    if (running) return running;
    const work = this.installOnce(version).finally(() => this.pending.delete(version));
    this.pending.set(version, work);
    return work;
  }

  private async installOnce(version: string): Promise<Installation> {
    const existing = await this.get(version);
    if (existing) return existing;
    const temp = join(this.root, `.tmp-${version}-${randomBytes(4).toString("hex")}`);
    await mkdir(temp, { recursive: true });
    try {
      const sha512 = this.artifacts.startsWith("file://")
        ? await this.fromFolder(version, fileURLToPath(this.artifacts), temp)
        : await this.fromArchive(version, this.artifacts.replace(/\/+$/, ""), temp);
      await writeJsonAtomic(join(temp, MARKER), { version, sha512, source: this.artifacts, installedAt: now() });
      await rename(temp, this.path(version));
      this.logger.info({ version, sha512 }, "version installed");
      return { version, path: this.path(version), sha512 };
    } catch (error) {
      await rm(temp, { recursive: true, force: true });
      throw error;
    }
  }

  /** `<folder>/<version>/libs/*.jar` and `<folder>/<version>.sha512`: the copy is what is verified. */
  private async fromFolder(version: string, folder: string, temp: string): Promise<string> {
    const source = join(folder, version, "libs");
    let expected: string;
    try {
      await stat(source);
      expected = parseChecksumFile(await readFile(join(folder, `${version}.sha512`), "utf8"));
    } catch (error) {
      throw new AppError("invalid_request", `Version ${version} is not available from the artifact source`, {
        cause: error,
      });
    }
    const libs = join(temp, "libs");
    await mkdir(libs);
    for (const name of await readdir(source)) {
      if (name.endsWith(".jar")) await copyFile(join(source, name), join(libs, name));
    }
    const actual = await libsChecksum(libs);
    if (actual !== expected) {
      this.logger.warn({ version, expected, actual }, "checksum mismatch: version not installed");
      throw new AppError("invalid_request", `The checksum of version ${version} does not match its .sha512 file`);
    }
    return actual;
  }

  /**
   * Apache's release archive (or a mirror with its layout): `<prefix>/<version>/kafka_2.13-<version>.tgz` and its
   * `.sha512`; the tarball is verified before it is unpacked. Not exercised by the tests (no internet here).
   */
  private async fromArchive(version: string, prefix: string, temp: string): Promise<string> {
    const name = `kafka_2.13-${version}`;
    const url = `${prefix}/${version}/${name}.tgz`;
    const checksumAnswer = await fetch(`${url}.sha512`);
    if (!checksumAnswer.ok) {
      throw new AppError("invalid_request", `Version ${version} is not available from the artifact source`);
    }
    const expected = parseChecksumFile(await checksumAnswer.text());
    const tarball = join(temp, `${name}.tgz`);
    const answer = await fetch(url);
    if (!answer.ok || answer.body === null) {
      throw new AppError("invalid_request", `Version ${version} could not be downloaded (${answer.status})`);
    }
    await pipeline(Readable.fromWeb(answer.body as never), createWriteStream(tarball));
    const actual = await sha512File(tarball);
    if (actual !== expected) {
      throw new AppError("invalid_request", `The checksum of version ${version} does not match its .sha512 file`);
    }
    await run("tar", ["-xzf", tarball, "-C", temp, "--strip-components=1", "--no-same-owner"]);
    await rm(tarball);
    return actual;
  }
}

const now = () => new Date().toISOString();
