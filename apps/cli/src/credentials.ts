import { isIP } from "node:net";
import type { StoredLogin } from "./config-store.js";
import { Refused, UsageError } from "./exit-codes.js";

/**
 * Pure: a service URL as kcp compares it (scheme, host, port and path, no trailing slash), so that
 * `http://a:8080/` and `HTTP://A:8080` are one service; undefined when it is no http(s) URL.
 */
export function serviceKey(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return undefined;
  return `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/+$/, "")}`;
}

/** Pure: whether two URLs name one service (serviceKey). */
export function sameService(a: string, b: string): boolean {
  const key = serviceKey(a);
  return key !== undefined && key === serviceKey(b);
}

/** Pure: a host name that never leaves the machine: `localhost`, 127.0.0.0/8, ::1 (no DNS is asked). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost") return true;
  if (isIP(host) === 4) return host.startsWith("127.");
  if (isIP(host) === 6) return host === "::1" || host === "0:0:0:0:0:0:0:1";
  return false;
}

/**
 * Pure: refuses (exit 2, before any connection) a URL that is not http(s), and plain `http://` to a host other than
 * loopback unless `insecureHttp` (--insecure-http or $KCP_INSECURE_HTTP=1): a password or token sent over it can be
 * read on the way.
 */
export function checkTransport(url: string, insecureHttp: boolean): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`${url} is not a URL (http://host:port or https://host:port)`);
  }
  if (parsed.protocol === "https:") return;
  if (parsed.protocol !== "http:")
    throw new UsageError(`${url} is not an http(s) URL (http://host:port or https://host:port)`);
  if (isLoopbackHost(parsed.hostname) || insecureHttp) return;
  throw new Refused(
    `kcp sends nothing over plain http to ${parsed.host} (not this machine): a password or token could be read on the way. Use https://, or --insecure-http (or KCP_INSECURE_HTTP=1) if the network is yours`,
  );
}

/** Where the token of this command comes from, and the URL it belongs to. */
export interface TokenSources {
  /** The service this command talks to (--url, else $KCP_URL, else the context's URL). */
  url: string;
  /** A token named explicitly for this command (--token-file): sent to `url`, whatever it is. */
  explicit?: string | undefined;
  /** $KCP_TOKEN. */
  envToken?: string | undefined;
  /** $KCP_URL: the service $KCP_TOKEN belongs to when set. */
  envUrl?: string | undefined;
  /** The context's name and login (its URL, and the session kept for it). */
  contextName: string;
  stored?: StoredLogin | undefined;
}

/**
 * Pure: the token to send to `url`. A token is bound to one service: the one explicitly named for this command
 * (--token-file) goes to `url`; $KCP_TOKEN goes only to $KCP_URL, else to the context's URL; a context's saved
 * session only to the context's URL. $KCP_TOKEN with another URL named (--url) is refused (exit 2), never sent, nor
 * replaced by another credential silently.
 */
export function tokenFor(sources: TokenSources): string | undefined {
  if (sources.explicit !== undefined) return sources.explicit;
  const { url, envToken, envUrl, stored } = sources;
  if (envToken) {
    const home = envUrl || stored?.url;
    const whose = envUrl ? "$KCP_URL" : `the context ${sources.contextName}'s URL`;
    if (!home)
      throw new Refused(
        `$KCP_TOKEN belongs to no service: set $KCP_URL to its service (kcp sends it nowhere else), or name the token for ${url} with --token-file FILE`,
      );
    if (!sameService(home, url))
      throw new Refused(
        `$KCP_TOKEN belongs to ${home} (${whose}), not to ${url}: kcp sends it to no other service. Name that service's token with --token-file FILE (- for standard input), or set $KCP_URL to it`,
      );
    return envToken;
  }
  return stored?.token && sameService(stored.url, url) ? stored.token : undefined;
}
