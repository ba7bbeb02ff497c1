import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { OFFLINE_CACHES } from './offlineCaches';
import { isImageFileRead, isOfflineApiRead } from './offlineRequests';

/*
 * What lets the console, and above all the labeling studio, open without a network after one
 * visit (the JS chunks themselves are in the precache):
 * - image files (tiles, small originals, thumbnails) are immutable per image id: cache first;
 * - the API reads a page needs to start (the signed-in user, the project, its labels, the image
 *   and its annotations, the key map) are network first with the last answer as the fallback.
 *   Unsynced edits never depend on this cache: they live in the studio's IndexedDB journal and
 *   are applied on top of whatever state loads.
 * Both caches hold one user's data, so logout deletes them (clearOfflineCaches.ts).
 */

export function registerOfflineRoutes(): void {
  registerRoute(
    ({ url, request }) => isImageFileRead(url, request),
    new CacheFirst({
      cacheName: OFFLINE_CACHES.imageFiles,
      matchOptions: { ignoreVary: true },
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: 4000, purgeOnQuotaError: true }),
      ],
    }),
  );
  registerRoute(
    ({ url, request }) => url.origin === location.origin && isOfflineApiRead(url, request),
    new NetworkFirst({
      cacheName: OFFLINE_CACHES.apiReads,
      // A hanging network (a captive portal, a dead Wi-Fi) falls back to the last answer.
      networkTimeoutSeconds: 8,
      // The token changes with every refresh; the answer is the same user's either way.
      matchOptions: { ignoreVary: true },
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: 600, maxAgeSeconds: 14 * 24 * 3600, purgeOnQuotaError: true }),
      ],
    }),
  );
}
