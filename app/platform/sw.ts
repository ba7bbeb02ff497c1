import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { DOWNLOAD_KEEPALIVE, downloadIdOf } from './download/downloadProtocol';
import { downloadResponse, type DownloadPort } from './download/downloadResponse';
import { PendingDownloads } from './download/PendingDownloads';
import { registerOfflineRoutes } from './offlineRoutes';
import { isWasmAsset } from './offlineRequests';

/*
 * The service worker (/sw.js, built by vite-plugin-pwa's injectManifest from this file): the app
 * shell precache, the SPA navigation fallback and the font cache, plus downloads streamed from
 * the page (dataset exports in browsers without the File System Access API), and the runtime
 * caches that open the console and the studio offline (offlineRoutes.ts).
 *
 * The DOM library is what this project type-checks against, so the few service-worker types used
 * here are declared by hand.
 */
interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEventLike extends ExtendableEventLike {
  request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface MessageEventLike extends ExtendableEventLike {
  data: unknown;
  ports: readonly MessagePort[];
}
interface ServiceWorkerScope {
  skipWaiting(): Promise<void>;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
}
const sw = self as unknown as ServiceWorkerScope;

const downloads = new PendingDownloads();

// Registered before Workbox's routes so that this listener answers download addresses first.
sw.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | null;
  // What the generated worker did before: a waiting version takes over when asked.
  if (data?.type === 'SKIP_WAITING') {
    void sw.skipWaiting();
    return;
  }
  if (data?.type === DOWNLOAD_KEEPALIVE) {
    // Handling a message extends the worker's life a little: enough between two keep-alives.
    event.waitUntil(new Promise((resolve) => setTimeout(resolve, 1_000)));
    return;
  }
  downloads.register(event.data, event.ports[0] as DownloadPort | undefined);
});

sw.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== location.origin) return;
  const id = downloadIdOf(url.pathname);
  if (!id) return;
  event.respondWith(
    downloads
      .takeSoon(id)
      .then((entry) =>
        entry ? downloadResponse(entry.port, entry.fileName) : new Response('Not found', { status: 404 }),
      ),
  );
});

cleanupOutdatedCaches();
// Written as `self.__WB_MANIFEST` on purpose: the build replaces that exact text with the list.
precacheAndRoute((self as unknown as { __WB_MANIFEST: (string | PrecacheEntry)[] }).__WB_MANIFEST);
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/sw\.js$/, /^\/__download\//],
  }),
);
registerRoute(
  ({ url }) => url.pathname.endsWith('.woff2'),
  new CacheFirst({ cacheName: 'fonts', plugins: [new ExpirationPlugin({ maxEntries: 120 })] }),
);
registerRoute(
  ({ url, request }) => url.origin === location.origin && isWasmAsset(url, request),
  new CacheFirst({ cacheName: 'wasm', plugins: [new ExpirationPlugin({ maxEntries: 8 })] }),
);
registerOfflineRoutes();
