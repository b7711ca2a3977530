import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";

async function sha512File(path: string): Promise<string> {
  const hash = createHash("sha512");
  await pipeline(createReadStream(path), hash);
  return hash.digest("hex");
}

/**
 * The checksum of a Kafka version's jars in a node agent's folder artifact source (docs/node-agent.md, "Artifacts"):
 * the jar files of `libs/`, sorted by name (byte order), each as a `sha512sum` line `<hex sha512 of the jar>  <file
 * name>\n`; the version's checksum is the hex SHA-512 of those lines concatenated. `<version>.sha512` beside the
 * folder holds it (first word of the file). The one implementation: the node agent verifies installs with it, the test
 * harness (`@kcp/test-infra`) writes the `.sha512` files of the sources it builds with it.
 */
export async function libsChecksum(libsDir: string): Promise<string> {
  const jars = (await readdir(libsDir)).filter((name) => name.endsWith(".jar")).sort();
  if (jars.length === 0) throw new Error(`no jar in ${libsDir}`);
  let manifest = "";
  for (const jar of jars) manifest += `${await sha512File(join(libsDir, jar))}  ${jar}\n`;
  return createHash("sha512").update(manifest).digest("hex");
}
