import { messageOf } from "../api/client.js";

/** A failure shown where it happened, read out by screen readers (role=alert). Nothing fails silently. */
export function ErrorMessage({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p
      role="alert"
      className="rounded border border-red-700 bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100"
    >
      {messageOf(error)}
    </p>
  );
}
