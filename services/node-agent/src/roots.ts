import { mkdir, realpath } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, normalize, resolve, sep } from "node:path";
import { AppError } from "@kcp/shared";

/**
 * A path the agent may hand a node: absolute, written as the OS normalizes it (no `.` or `..` part, no `//`, no
 * trailing `/`). Anything else is refused before any file is looked at.
 */
export function isNormalAbsolute(path: string): boolean {
  return isAbsolute(path) && normalize(path) === path && path !== sep && !path.endsWith(sep);
}

/**
 * The path with the symbolic links of its existing part resolved (the part that does not exist yet cannot be a link):
 * where the node would really read and write.
 */
export async function resolveExisting(path: string): Promise<string> {
  const missing: string[] = [];
  let current = path;
  for (;;) {
    try {
      return join(await realpath(current), ...missing.reverse());
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTDIR") throw error;
      const parent = dirname(current);
      if (parent === current) return path;
      missing.push(basename(current));
      current = parent;
    }
  }
}

/**
 * Folders a kind of path must lie under (AGENT_DATA_ROOTS for data and log dirs, AGENT_FILE_ROOTS for files the
 * configuration names), each resolved once (its symbolic links followed): a path is accepted when, its existing part's
 * links resolved, it is a root or lies under one.
 */
export class PathRoots {
  private constructor(
    readonly configured: readonly string[],
    private readonly resolved: readonly string[],
    private readonly what: string,
  ) {}

  /** `create`: the roots are made when missing (the default data root lives in the agent's state folder). */
  static async of(roots: readonly string[], what: string, options: { create?: boolean } = {}): Promise<PathRoots> {
    const absolute = roots.map((root) => resolve(root));
    if (options.create) for (const root of absolute) await mkdir(root, { recursive: true, mode: 0o700 });
    return new PathRoots(absolute, await Promise.all(absolute.map(resolveExisting)), what);
  }

  /** Refuses (422, naming the rule and the key) a path that is not normalized or not under a root. */
  async check(path: string, key: string): Promise<void> {
    if (!isNormalAbsolute(path))
      throw new AppError(
        "invalid_request",
        `${key}: ${path} must be an absolute, normalized path (no '.' or '..' part, no '//', no trailing '/')`,
      );
    if (this.resolved.length === 0)
      throw new AppError("invalid_request", `${key}: this agent accepts no ${this.what} (none of its roots is set)`);
    const real = await resolveExisting(path);
    if (!this.resolved.some((root) => real === root || real.startsWith(`${root}${sep}`)))
      throw new AppError(
        "invalid_request",
        `${key}: ${path} is not under the agent's ${this.what} roots (${this.configured.join(", ")}), its links resolved`,
      );
  }
}
