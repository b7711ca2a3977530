import { useNavigate, useSearch } from "@tanstack/react-router";
import {
  OPENAPI_PATH,
  type ReferenceDocument,
  type ReferenceOperation,
  useOpenApiDocument,
} from "../../api/reference.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";
import { Loading } from "../../ui/Loading.js";

interface Entry {
  method: string;
  path: string;
  operation: ReferenceOperation;
}

/** Every operation of the document, by tag, keeping those whose id, path or summary contains `filter`. */
function entriesByTag(document: ReferenceDocument, filter: string): Map<string, Entry[]> {
  const wanted = filter.trim().toLowerCase();
  const byTag = new Map<string, Entry[]>(document.tags.map((tag) => [tag.name, []]));
  for (const [path, methods] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(methods)) {
      const text = `${operation.operationId} ${method} ${path} ${operation.summary}`.toLowerCase();
      if (wanted && !text.includes(wanted)) continue;
      const tag = operation.tags[0] ?? "api";
      const entries = byTag.get(tag) ?? [];
      entries.push({ method: method.toUpperCase(), path, operation });
      byTag.set(tag, entries);
    }
  return byTag;
}

/** `#/components/schemas/Topic` → Topic; an inline schema → its type. */
function schemaName(schema: Record<string, unknown> | undefined): string {
  if (!schema) return "–";
  const ref = schema.$ref;
  if (typeof ref === "string") return ref.split("/").at(-1) ?? ref;
  if (schema.type === "array" && typeof schema.items === "object")
    return `${schemaName(schema.items as Record<string, unknown>)}[]`;
  return typeof schema.type === "string" ? schema.type : "object";
}

/** The API reference: every operation with its role, parameters, body, answer and errors, from the live document. */
export function ApiReferencePage() {
  const { q } = useSearch({ from: "/api-reference" });
  const navigate = useNavigate({ from: "/api-reference" });
  const document = useOpenApiDocument();
  if (document.isPending) return <Loading label="Reading the OpenAPI document" />;
  if (document.isError) return <ErrorMessage error={document.error} />;
  const byTag = entriesByTag(document.data, q ?? "");
  const descriptions = new Map(document.data.tags.map((tag) => [tag.name, tag.description]));
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">API reference</h1>
      <p className="text-sm">
        {document.data.info.title} {document.data.info.version}. Send the session cookie, or{" "}
        <code>Authorization: Bearer &lt;token&gt;</code> (API tokens), and <code>X-Service-Request: 1</code> on every
        request that is not a GET. The machine-readable document: <a href={OPENAPI_PATH}>{OPENAPI_PATH}</a>.
      </p>
      <div>
        <label htmlFor="reference-filter" className="label">
          Filter operations
        </label>
        <input
          id="reference-filter"
          type="search"
          className="field max-w-md"
          value={q ?? ""}
          onChange={(event) => navigate({ search: event.target.value ? { q: event.target.value } : {}, replace: true })}
        />
      </div>
      {[...byTag].map(([tag, entries]) =>
        entries.length === 0 ? null : (
          <section key={tag} aria-labelledby={`tag-${tag}`} className="space-y-2">
            <h2 id={`tag-${tag}`} className="text-xl font-semibold">
              {tag}
            </h2>
            <p className="text-sm">{descriptions.get(tag)}</p>
            {entries.map((entry) => (
              <OperationEntry key={entry.operation.operationId} entry={entry} />
            ))}
          </section>
        ),
      )}
      <Schemas schemas={document.data.components.schemas} />
    </section>
  );
}

function OperationEntry({ entry }: { entry: Entry }) {
  const { operation } = entry;
  const body = operation.requestBody?.content["application/json"]?.schema;
  return (
    <details className="card" id={operation.operationId}>
      <summary className="cursor-pointer">
        <code className="font-semibold">{entry.method}</code> <code>{entry.path}</code> — {operation.summary}
      </summary>
      <div className="mt-2 space-y-2 text-sm">
        <p>
          <code>{operation.operationId}</code> · lowest role: {operation["x-role"]}
        </p>
        {operation.description ? <p>{operation.description}</p> : null}
        {operation.parameters.length > 0 ? (
          <table className="w-full text-left">
            <caption className="sr-only">Parameters of {operation.operationId}</caption>
            <thead>
              <tr>
                <th scope="col">Parameter</th>
                <th scope="col">In</th>
                <th scope="col">Type</th>
                <th scope="col">Description</th>
              </tr>
            </thead>
            <tbody>
              {operation.parameters.map((parameter) => (
                <tr key={`${parameter.in}:${parameter.name}`}>
                  <td>
                    <code>{parameter.name}</code>
                    {parameter.required ? " (required)" : ""}
                  </td>
                  <td>{parameter.in}</td>
                  <td>{schemaName(parameter.schema)}</td>
                  <td>{parameter.description ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {body ? (
          <p>
            Body: <SchemaLink name={schemaName(body)} />
          </p>
        ) : null}
        <ul>
          {Object.entries(operation.responses).map(([status, response]) => (
            <li key={status}>
              <strong>{status}</strong>{" "}
              {status.startsWith("2") ? (
                <SchemaLink name={schemaName(Object.values(response.content ?? {})[0]?.schema)} />
              ) : (
                (response["x-error-codes"] ?? []).map((code) => <code key={code}>{code} </code>)
              )}
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}

function SchemaLink({ name }: { name: string }) {
  const base = name.replace(/\[\]$/, "");
  return /^[A-Z]/.test(base) ? <a href={`#schema-${base}`}>{name}</a> : <code>{name}</code>;
}

function Schemas({ schemas }: { schemas: Record<string, unknown> }) {
  return (
    <section aria-labelledby="schemas" className="space-y-2">
      <h2 id="schemas" className="text-xl font-semibold">
        Schemas
      </h2>
      {Object.entries(schemas).map(([name, schema]) => (
        <details key={name} id={`schema-${name}`} className="card">
          <summary className="cursor-pointer">
            <code>{name}</code>
          </summary>
          <pre className="mt-2 overflow-auto text-xs">{JSON.stringify(schema, null, 2)}</pre>
        </details>
      ))}
    </section>
  );
}
