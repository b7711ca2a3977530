import type { ParamSchema } from "../../api/param-schemas.js";
import { kindOf, listHint } from "./params.js";

interface Props {
  schema: ParamSchema;
  /** The text of each field as typed (parsed by `paramsFrom`). */
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
  /** Fields refused before sending (`ParamsError`), each with what is wrong: shown under that field. */
  errors?: Record<string, string>;
}

/**
 * One field per parameter of the type, drawn from its schema; required ones marked, each with its description, a
 * list's expected form under that very list ("A list of whole numbers: 4, 5 or [4, 5]"), and what was refused there.
 */
export function ParamsForm({ schema, values, onChange, errors = {} }: Props) {
  const required = new Set(schema.required ?? []);
  const set = (name: string, value: string) => onChange({ ...values, [name]: value });
  const entries = Object.entries(schema.properties ?? {});
  if (entries.length === 0) return <p className="text-sm">This type takes no parameters.</p>;
  return (
    <div className="grid gap-3 md:grid-cols-2">
      {entries.map(([name, property]) => {
        const id = `param-${name}`;
        const hint = `${id}-hint`;
        const format = `${id}-format`;
        const errorId = `${id}-error`;
        const kind = kindOf(property);
        const error = errors[name];
        const label = (
          <label htmlFor={id} className="label">
            {name}
            {required.has(name) ? " (required)" : ""}
          </label>
        );
        const describedBy = [
          kind === "ids" ? format : "",
          property.description ? hint : "",
          error ? errorId : "",
        ].filter(Boolean);
        const described = {
          ...(describedBy.length > 0 ? { "aria-describedby": describedBy.join(" ") } : {}),
          ...(error ? { "aria-invalid": true } : {}),
        };
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
                value={values[name] ?? ""}
                onChange={(e) => set(name, e.target.value)}
                {...described}
              />
            )}
            {kind === "ids" ? (
              <p id={format} className="mt-1 text-xs text-slate-600 dark:text-slate-300" data-testid={`${id}-format`}>
                {listHint(property.items)}
              </p>
            ) : null}
            {error ? (
              <p id={errorId} className="mt-1 text-xs font-semibold text-red-800 dark:text-red-300">
                {error}
              </p>
            ) : null}
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
