/*
 * Which GET requests the service worker keeps for offline use (offlineRoutes.ts). Pure, so the
 * choice is tested without a service worker.
 */
const IMAGE_FILE = /^\/api\/projects\/[^/]+\/images\/[^/]+\/(tiles\/|original$|thumbnail$)/;
/** Reads a console page needs to start; writes, locks, exports and downloads always go to the network. */
const API_READ = /^\/api\/(auth\/user(\/keymap)?$|projects(\/|$)|orgs(\/|$))/;
const NEVER = /\/(lock|export|exports|imports|uploads|events)(\/|$)/;

interface RequestLike {
  method: string;
  headers: { has(name: string): boolean };
}

/** Tiles, small originals and thumbnails: immutable per image id (a ranged read is left alone). */
export function isImageFileRead(url: URL, request: RequestLike): boolean {
  return request.method === 'GET' && !request.headers.has('range') && IMAGE_FILE.test(url.pathname);
}

/**
 * TensorFlow.js's WebAssembly binaries (the assist AI and model check workers): content-hashed
 * build assets, kept on first use rather than precached, so that only people who run a model
 * download them and an assist AI used once still runs offline without WebGL.
 */
export function isWasmAsset(url: URL, request: RequestLike): boolean {
  return request.method === 'GET' && /^\/assets\/[^/]+\.wasm$/.test(url.pathname);
}

/** The API reads kept as a fallback for when the network is gone. */
export function isOfflineApiRead(url: URL, request: RequestLike): boolean {
  return (
    request.method === 'GET' &&
    API_READ.test(url.pathname) &&
    !IMAGE_FILE.test(url.pathname) &&
    !NEVER.test(url.pathname)
  );
}
