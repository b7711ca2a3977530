/** Work in progress, announced politely to screen readers. */
export function Loading({ label = "Loading" }: { label?: string }) {
  return (
    <p role="status" aria-live="polite" className="text-sm text-slate-600 dark:text-slate-300">
      {label}…
    </p>
  );
}
