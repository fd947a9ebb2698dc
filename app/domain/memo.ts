/**
 * Remembers the last `max` results of a pure function of one string key, dropping the oldest
 * first. For values every page render recomputes the same way (a month's calendar grid, date labels).
 */
export function memoByKey<T>(max: number, compute: (key: string) => T): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    if (cache.has(key)) return cache.get(key) as T;
    const value = compute(key);
    if (cache.size >= max) cache.delete(cache.keys().next().value as string);
    cache.set(key, value);
    return value;
  };
}
