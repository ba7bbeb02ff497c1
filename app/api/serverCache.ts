/**
 * Clears the cache of server data at logout without loading it: the query cache registers
 * itself here when a page that uses it loads, so the landing page never pulls it in.
 */
const clearers = new Set<() => void>();

export function onServerCacheClear(clear: () => void): void {
  clearers.add(clear);
}

export function clearServerCache(): void {
  for (const clear of clearers) clear();
}
