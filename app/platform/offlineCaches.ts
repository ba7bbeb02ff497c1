/** The service worker's runtime caches that hold a user's data (deleted at logout). */
export const OFFLINE_CACHES = { imageFiles: 'image-files-v1', apiReads: 'api-reads-v1' } as const;

/** Deletes the user's cached data (logout); a browser without Cache Storage has none. */
export async function clearOfflineCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(Object.values(OFFLINE_CACHES).map((name) => caches.delete(name).catch(() => false)));
}
