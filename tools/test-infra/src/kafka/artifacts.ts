import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { libsChecksum } from "@kcp/shared";
import { makeRunDir } from "../common/index.js";
import { resolveKafka } from "./maven.js";
import type { KafkaVersion } from "./versions.js";

export interface ArtifactSource {
  /** The folder. */
  root: string;
  /** `file://` URL of the folder: a node agent's `AGENT_ARTIFACTS`. */
  url: string;
  /** Version → the checksum written to `<root>/<version>.sha512` (what an agent's install reports as `sha512`). */
  checksums: Record<string, string>;
}

/**
 * A node agent's `file://` artifact source (docs/node-agent.md, "Artifacts") built from the harness's Maven-resolved
 * Kafka jars: `<root>/<version>/libs` (a link to `.cache/test-infra/kafka/<version>/libs`) and
 * `<root>/<version>.sha512` (the checksum of `@kcp/shared`'s `libsChecksum`, the one the agent verifies with).
 * `corrupt` adds versions whose `.sha512` does not match their jars (those of `versions[0]`). In `dir`, or a fresh
 * temporary folder; the caller removes it.
 */
export async function buildArtifactSource(
  versions: KafkaVersion[],
  corrupt: string[] = [],
  dir?: string,
): Promise<ArtifactSource> {
  const root = dir ?? (await makeRunDir("agent-artifacts"));
  await mkdir(root, { recursive: true });
  const checksums: Record<string, string> = {};
  const libsOf = async (version: KafkaVersion) => (await resolveKafka(version)).classpath.replace(/\/\*$/, "");
  for (const version of versions) {
    const libs = await libsOf(version);
    await mkdir(join(root, version));
    await symlink(libs, join(root, version, "libs"));
    checksums[version] = await libsChecksum(libs);
    await writeFile(join(root, `${version}.sha512`), `${checksums[version]}  ${version}\n`);
  }
  for (const bad of corrupt) {
    await mkdir(join(root, bad));
    await symlink(await libsOf(versions[0] as KafkaVersion), join(root, bad, "libs"));
    await writeFile(join(root, `${bad}.sha512`), `${"ab".repeat(64)}  ${bad}\n`);
  }
  return { root, url: pathToFileURL(root).href, checksums };
}
