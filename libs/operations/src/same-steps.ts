/** Pure: whether a plan built again from a fresh snapshot still does exactly what the confirmed one does. */
export function sameSteps(
  planned: readonly { kind: string; args: unknown }[],
  fresh: readonly { kind: string; args: unknown }[],
): boolean {
  const shape = (steps: readonly { kind: string; args: unknown }[]) =>
    JSON.stringify(steps.map((s) => [s.kind, s.args]));
  return shape(planned) === shape(fresh);
}
