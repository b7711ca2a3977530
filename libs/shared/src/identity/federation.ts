import { createHash } from "node:crypto";

/** The most groups a provider's user keeps: a claim with more keeps its first ones (in the claim's order). */
export const MAX_FEDERATED_GROUPS = 1000;
/** The longest group name kept (longer ones are left out). */
export const MAX_GROUP_NAME = 256;

/** A subject used as it is in a username: printable, no spaces, short. */
const PLAIN_SUBJECT = /^[A-Za-z0-9._@+-]{1,200}$/;

/**
 * The username of a provider's user: `<source>:<subject>`, the subject being the provider's stable id of the user
 * (OpenID's `sub`, never a display name the user or an admin may change and reuse). A subject of other characters or
 * over 200 characters is named by its SHA-256 instead (`<source>:~<43 base64url characters>`), so every username is at
 * most 233 characters of `[A-Za-z0-9._@+:~-]`. Local usernames cannot hold `:`, so they never meet a provider's.
 */
export function federatedUsername(source: string, subject: string): string {
  if (PLAIN_SUBJECT.test(subject)) return `${source}:${subject}`;
  return `${source}:~${createHash("sha256").update(subject, "utf8").digest("base64url")}`;
}

/** A claim path: names separated by dots (`groups`, `realm_access.roles`, `resource_access.my-client.roles`). */
export const CLAIM_PATH = /^[A-Za-z0-9_:$-]{1,128}(\.[A-Za-z0-9_:$-]{1,128}){0,7}$/;

/**
 * The groups a provider's claims give, each `<source>:<group>`: the value at `path` (a string is one group, a list
 * its strings; anything else, or nothing there, no group), without repeats, empty or over-long names, at most
 * `max` of them (the first ones in the claim's order): one pass over the claim, whatever its length.
 */
export function groupsFromClaims(
  claims: Record<string, unknown>,
  path: string,
  source: string,
  max = MAX_FEDERATED_GROUPS,
): string[] {
  let value: unknown = claims;
  for (const name of path.split(".")) {
    if (value === null || typeof value !== "object" || Array.isArray(value) || !Object.hasOwn(value, name)) return [];
    value = (value as Record<string, unknown>)[name];
  }
  const names = typeof value === "string" ? [value] : Array.isArray(value) ? value : [];
  const groups = new Set<string>();
  for (const name of names) {
    if (groups.size >= max) break;
    if (typeof name === "string" && name.length > 0 && name.length <= MAX_GROUP_NAME) groups.add(`${source}:${name}`);
  }
  return [...groups];
}

/**
 * Where a sign-in may return to: a path of this service (`/…`, not `//host` nor `/\host`, which browsers read as
 * another host), without control characters, at most 2,048 characters; anything else returns to `/`.
 */
export function sameOriginPath(returnTo: unknown): string {
  if (typeof returnTo !== "string" || returnTo.length === 0 || returnTo.length > 2048) return "/";
  if (!returnTo.startsWith("/") || returnTo.startsWith("//") || returnTo.startsWith("/\\")) return "/";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the rule is about control characters
  if (/[\u0000-\u001f\u007f\\]/.test(returnTo)) return "/";
  return returnTo;
}
