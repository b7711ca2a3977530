/** A file to put into a tar archive. */
export interface TarFile {
  name: string;
  content: string;
  mode?: number;
}

const BLOCK = 512;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, "0")}\0`;
}

function header(name: string, size: number, mode: number): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`tar entry name too long: ${name}`);
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, "utf8");
  block.write(octal(mode, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(size, 12), 124);
  block.write(octal(Math.floor(Date.now() / 1000), 12), 136);
  block.write("        ", 148);
  block.write("0", 156);
  block.write("ustar\0", 257);
  block.write("00", 263);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148);
  return block;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** A ustar archive of plain files (what the engine's archive upload takes). */
export function tarFiles(files: readonly TarFile[]): Buffer {
  const parts = files.flatMap((file) => {
    const content = Buffer.from(file.content, "utf8");
    return [header(file.name, content.length, file.mode ?? 0o644), content, padding(content.length)];
  });
  return Buffer.concat([...parts, Buffer.alloc(BLOCK * 2)]);
}

/** The regular files of a tar archive (what the engine's archive download gives), by name. */
export function untarFiles(archive: Buffer): Map<string, string> {
  const files = new Map<string, string>();
  let at = 0;
  while (at + BLOCK <= archive.length) {
    const block = archive.subarray(at, at + BLOCK);
    if (block.every((byte) => byte === 0)) break;
    const name = block.toString("utf8", 0, 100).replace(/\0.*$/s, "");
    const size = Number.parseInt(block.toString("utf8", 124, 136).replace(/\0.*$/s, "").trim() || "0", 8);
    const type = block.toString("utf8", 156, 157);
    if (type === "0" || type === "\0") files.set(name, archive.toString("utf8", at + BLOCK, at + BLOCK + size));
    at += BLOCK + size + padding(size).length;
  }
  return files;
}
