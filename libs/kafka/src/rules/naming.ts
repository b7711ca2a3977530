const NAMED_AT_MOST = 10;

/** `a, b, c` or, past ten names, `a, b, …, j and 5 more`: messages name the objects without growing unbounded. */
export function nameList(names: readonly string[]): string {
  if (names.length <= NAMED_AT_MOST) return names.join(", ");
  return `${names.slice(0, NAMED_AT_MOST).join(", ")} and ${names.length - NAMED_AT_MOST} more`;
}

/** `1 broker` / `3 brokers`. */
export function counted(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
