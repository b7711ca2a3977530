/**
 * Adds `value` to the list `map` holds for `key`, in place. Grouping thousands of partitions by leader or topic with a
 * spread copy per item (`[...(map.get(key) ?? []), value]`) is quadratic: hundreds of milliseconds of a blocked
 * event loop at 50,000 partitions.
 */
export function appendTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
