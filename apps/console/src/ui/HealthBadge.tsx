const STYLE: Record<string, string> = {
  ok: "bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-50",
  warning: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50",
  critical: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-50",
  unreachable: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-50",
  unknown: "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-50",
};

/** A health status as text (never colour alone). */
export function HealthBadge({ status }: { status: string }) {
  return (
    <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STYLE[status] ?? STYLE.unknown}`}>{status}</span>
  );
}
