import type { ParamSchema } from "../../api/param-schemas.js";

export type Kind = "enum" | "boolean" | "number" | "ids" | "json" | "text";

/** How a property is edited: a choice, a checkbox, a number, a list of ids, text, or JSON for nested shapes. */
export function kindOf(schema: ParamSchema): Kind {
  if (schema.enum) return "enum";
  if (schema.type === "boolean") return "boolean";
  if (schema.type === "integer" || schema.type === "number") return "number";
  if (schema.type === "array" && (schema.items?.type === "integer" || schema.items?.type === "string")) return "ids";
  if (schema.type === "string") return "text";
  return "json";
}

export type ListResult = { ok: true; items: (number | string)[] } | { ok: false; message: string };

const quoted = (items: readonly string[]) => items.map((item) => JSON.stringify(item)).join(", ");

/**
 * What a list field expects, said under it before anything is sent: both forms it accepts, with an example of its
 * own items ("4, 5 or [4, 5]"; the choices of a list of choices).
 */
export function listHint(items: ParamSchema | undefined): string {
  if (items?.type === "integer") return "A list of whole numbers: 4, 5 or [4, 5]";
  if (items?.enum && items.enum.length > 0) {
    const example = items.enum.slice(0, 2);
    return `A list of ${items.enum.join(", ")}: ${example.join(", ")} or [${quoted(example)}]`;
  }
  return 'A list, separated by commas or spaces: a, b or ["a", "b"]';
}

/**
 * A list field's text as the list it means: `4, 5` (or `4 5`) and the JSON array `[4, 5]` are the same list; for a list
 * of strings `a, b` and `["a", "b"]`. Anything else is refused with what is wrong and what is expected, so the form
 * says it and nothing is sent (`[1]` once became `[null]` and the service's "expected number, received null").
 */
export function parseList(text: string, items: ParamSchema | undefined): ListResult {
  const trimmed = text.trim();
  const integers = items?.type === "integer";
  const expected = listHint(items);
  let values: unknown[];
  if (trimmed.startsWith("[")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      return { ok: false, message: `Not a list: the brackets do not hold a JSON array. ${expected}.` };
    }
    if (!Array.isArray(parsed)) return { ok: false, message: `Not a list. ${expected}.` };
    values = parsed;
  } else {
    const words = trimmed.split(/[\s,]+/).filter(Boolean);
    const odd = words.find((word) => /["'[\]{}]/.test(word));
    if (odd !== undefined) return { ok: false, message: `"${odd}" is neither a plain list nor JSON. ${expected}.` };
    values = integers ? words.map((word) => (/^-?\d+$/.test(word) ? Number(word) : word)) : words;
  }
  for (const value of values) {
    if (integers && !(typeof value === "number" && Number.isInteger(value))) {
      return { ok: false, message: `${JSON.stringify(value)} is not a whole number. ${expected}.` };
    }
    if (!integers && typeof value !== "string") {
      return { ok: false, message: `${JSON.stringify(value)} is not text. ${expected}.` };
    }
    if (!integers && items?.enum && !items.enum.includes(value as string)) {
      return { ok: false, message: `"${value}" is not one of ${items.enum.join(", ")}.` };
    }
  }
  return { ok: true, items: values as (number | string)[] };
}

/** The form's fields that do not hold what they expect, each with its message (nothing is sent while any does). */
export class ParamsError extends Error {
  constructor(readonly fields: Record<string, string>) {
    super(`Not sent: correct ${Object.keys(fields).join(", ")} (what is wrong is said under each).`);
  }
}

/**
 * The params object of what was typed: empty optional fields left out; lists read by `parseList`; numbers checked;
 * JSON parsed. A field that holds something else is a `ParamsError` naming it (every such field at once).
 */
export function paramsFrom(schema: ParamSchema, values: Record<string, string>): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const text = (values[name] ?? "").trim();
    if (text === "") continue;
    const kind = kindOf(property);
    if (kind === "boolean") params[name] = text === "true";
    else if (kind === "number") {
      const value = Number(text);
      if (Number.isFinite(value)) params[name] = value;
      else errors[name] = `"${text}" is not a number.`;
    } else if (kind === "ids") {
      const list = parseList(text, property.items);
      if (list.ok) params[name] = list.items;
      else errors[name] = list.message;
    } else if (kind === "json") {
      try {
        params[name] = JSON.parse(text);
      } catch (error) {
        errors[name] = `Not valid JSON (${error instanceof Error ? error.message : String(error)}).`;
      }
    } else params[name] = text;
  }
  if (Object.keys(errors).length > 0) throw new ParamsError(errors);
  return params;
}
