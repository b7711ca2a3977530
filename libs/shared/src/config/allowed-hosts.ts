import { BlockList, isIP } from "node:net";
import { AppError } from "../errors/index.js";

/**
 * `KAFKA_ALLOWED_HOSTS`: which hosts a cluster's bootstrap servers may name, checked on the text of the host before
 * any DNS lookup or connection (an SSRF guard, and what keeps a fuzz run on loopback). Entries are comma-separated:
 * a host name (`kafka-1.internal`, matched whole, case-insensitive), a domain suffix (`.internal` or `*.internal`:
 * any name under it), an IP literal (`10.0.0.7`, `::1`) or a CIDR (`10.0.0.0/8`, `fd00::/8`). A host name is never
 * resolved: `localhost` is allowed only when listed by name, whatever it resolves to. Unset means any host.
 */
export class AllowedHosts {
  private constructor(
    private readonly names: ReadonlySet<string>,
    private readonly suffixes: readonly string[],
    private readonly addresses: BlockList,
    readonly any: boolean,
  ) {}

  /** Any host (the default, when `KAFKA_ALLOWED_HOSTS` is unset). */
  static readonly ANY = new AllowedHosts(new Set(), [], new BlockList(), true);

  /** Parses the comma-separated list; throws an Error naming the first entry that is not a name, address or CIDR. */
  static parse(text: string | undefined): AllowedHosts {
    if (text === undefined || text.trim() === "") return AllowedHosts.ANY;
    const names = new Set<string>();
    const suffixes: string[] = [];
    const addresses = new BlockList();
    for (const raw of text.split(",")) {
      const entry = raw.trim().toLowerCase();
      if (entry === "") continue;
      const slash = entry.indexOf("/");
      if (slash >= 0) {
        const address = unbracket(entry.slice(0, slash));
        const bits = entry.slice(slash + 1);
        const family = isIP(address);
        const max = family === 4 ? 32 : 128;
        if (family === 0 || !/^\d{1,3}$/.test(bits) || Number(bits) > max) throw new Error(`not a CIDR: ${entry}`);
        addresses.addSubnet(address, Number(bits), family === 4 ? "ipv4" : "ipv6");
      } else if (isIP(unbracket(entry)) !== 0) {
        const address = unbracket(entry);
        addresses.addAddress(address, isIP(address) === 4 ? "ipv4" : "ipv6");
      } else if (/^(\*?\.)[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/.test(entry)) {
        suffixes.push(entry.slice(entry.indexOf(".")));
      } else if (/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/.test(entry)) {
        names.add(entry);
      } else {
        throw new Error(`not a host name, IP address or CIDR: ${entry}`);
      }
    }
    return new AllowedHosts(names, suffixes, addresses, false);
  }

  /** Whether a host (a name, an IPv4 literal, an IPv6 literal with or without brackets) is allowed. */
  allows(host: string): boolean {
    if (this.any) return true;
    const bare = unbracket(host.trim().toLowerCase());
    const family = isIP(bare);
    if (family !== 0) return this.addresses.check(bare, family === 4 ? "ipv4" : "ipv6");
    const name = bare.endsWith(".") ? bare.slice(0, -1) : bare;
    return this.names.has(name) || this.suffixes.some((suffix) => name.endsWith(suffix));
  }

  /**
   * Throws 422 `invalid_request` naming the first bootstrap server (`host:port`) whose host is not allowed. The
   * message names only the host, never a credential (bootstrap servers carry none).
   */
  check(bootstrapServers: readonly string[]): void {
    if (this.any) return;
    for (const server of bootstrapServers) {
      const host = hostOf(server);
      if (!this.allows(host))
        throw new AppError(
          "invalid_request",
          `Bootstrap server host ${host} is not allowed here (KAFKA_ALLOWED_HOSTS lists the allowed hosts)`,
        );
    }
  }
}

/**
 * Throws 422 `invalid_request` naming the first node agent URL whose host `allowed` does not allow: the collector and
 * the worker call those URLs, so they are checked like bootstrap servers.
 */
export function checkAgentUrls(allowed: AllowedHosts, urls: readonly string[]): void {
  for (const url of urls) {
    const host = new URL(url).hostname;
    if (!allowed.allows(host))
      throw new AppError(
        "invalid_request",
        `Node agent host ${host} is not allowed here (KAFKA_ALLOWED_HOSTS lists the allowed hosts)`,
      );
  }
}

/** The host of `host:port` (an IPv6 host keeps its brackets). */
export function hostOf(server: string): string {
  const colon = server.lastIndexOf(":");
  return colon > 0 && !server.endsWith("]") ? server.slice(0, colon) : server;
}

function unbracket(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}
