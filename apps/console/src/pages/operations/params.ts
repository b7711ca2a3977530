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

/** The params object of what was typed: empty optional fields left out; lists split on commas; JSON parsed. */
export function paramsFrom(schema: ParamSchema, values: Record<string, string>): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const text = (values[name] ?? "").trim();
    if (text === "") continue;
    const kind = kindOf(property);
    if (kind === "boolean") params[name] = text === "true";
    else if (kind === "number") params[name] = Number(text);
    else if (kind === "ids") {
      const items = text.split(/[\s,]+/).filter(Boolean);
      params[name] = property.items?.type === "integer" ? items.map(Number) : items;
    } else if (kind === "json") params[name] = JSON.parse(text);
    else params[name] = text;
  }
  return params;
}
