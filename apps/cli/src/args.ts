import type { paths } from "@kcp/api-client";
import { UsageError } from "./exit-codes.js";
import type { Args } from "./spec.js";

/** The JSON body of one operation of the API, by path and method (follows the generated client, whatever names it). */
export type Body<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { "application/json": infer B } };
}
  ? B
  : never;

/** A string option, or undefined. */
export function text(args: Args, name: string): string | undefined {
  const value = args.options[name];
  return typeof value === "string" ? value : undefined;
}

export function flag(args: Args, name: string): boolean {
  return args.options[name] === true;
}

/** A repeated option's values (none: []). */
export function list(args: Args, name: string): string[] {
  const value = args.options[name];
  return Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
}

/** Pure: a whole number, or a usage error naming the option. */
export function integer(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw new UsageError(`${name} must be a whole number, not ${value}`);
  return Number(value);
}

/** Pure: KEY=VALUE pairs as an object (the value may hold "="; an empty value is kept). */
export function keyValues(pairs: readonly string[], what: string): Record<string, string> {
  const entries = pairs.map((pair) => {
    const at = pair.indexOf("=");
    if (at <= 0) throw new UsageError(`${what} is KEY=VALUE, not ${pair}`);
    return [pair.slice(0, at), pair.slice(at + 1)] as const;
  });
  return Object.fromEntries(entries);
}

/** Pure: a comma-separated list, empty items dropped. */
export function commaList(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Pure: one of the allowed values, or a usage error listing them. */
export function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], name: string): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value))
    throw new UsageError(`${name} is one of ${allowed.join(", ")}, not ${value}`);
  return value as T;
}

/** The positional at `index`: the table guarantees required ones are there. */
export function positional(args: Args, index: number): string {
  return args.positionals[index] ?? "";
}
