import type { ParamSchema } from "../../api/param-schemas.js";
import { kindOf } from "./params.js";

interface Props {
  schema: ParamSchema;
  /** The text of each field as typed (parsed by `paramsFrom`). */
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
}

/** One field per parameter of the type, drawn from its schema; required ones marked, each with its description. */
export function ParamsForm({ schema, values, onChange }: Props) {
  const required = new Set(schema.required ?? []);
  const set = (name: string, value: string) => onChange({ ...values, [name]: value });
  const entries = Object.entries(schema.properties ?? {});
  if (entries.length === 0) return <p className="text-sm">This type takes no parameters.</p>;
  return (
    <div className="grid gap-3 md:grid-cols-2">
      {entries.map(([name, property]) => {
        const id = `param-${name}`;
        const hint = `${id}-hint`;
        const kind = kindOf(property);
        const label = (
          <label htmlFor={id} className="label">
            {name}
            {required.has(name) ? " (required)" : ""}
          </label>
        );
        const described = property.description ? { "aria-describedby": hint } : {};
        return (
          <div key={name}>
            {kind === "boolean" ? null : label}
            {kind === "enum" ? (
              <select
                id={id}
                className="field"
                value={values[name] ?? ""}
                onChange={(e) => set(name, e.target.value)}
                {...described}
              >
                <option value="">{required.has(name) ? "Choose…" : "(default)"}</option>
                {property.enum?.map((option) => (
                  <option key={option}>{option}</option>
                ))}
              </select>
            ) : kind === "boolean" ? (
              <span className="flex items-center gap-2">
                <input
                  id={id}
                  type="checkbox"
                  checked={values[name] === "true"}
                  onChange={(e) => set(name, e.target.checked ? "true" : "")}
                  {...described}
                />
                {label}
              </span>
            ) : kind === "json" ? (
              <textarea
                id={id}
                className="field font-mono"
                rows={3}
                placeholder="JSON"
                value={values[name] ?? ""}
                onChange={(e) => set(name, e.target.value)}
                {...described}
              />
            ) : (
              <input
                id={id}
                className="field"
                inputMode={kind === "number" ? "decimal" : undefined}
                placeholder={kind === "ids" ? "comma separated, e.g. 4, 5" : undefined}
                value={values[name] ?? ""}
                onChange={(e) => set(name, e.target.value)}
                {...described}
              />
            )}
            {property.description ? (
              <p id={hint} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
                {property.description}
              </p>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
