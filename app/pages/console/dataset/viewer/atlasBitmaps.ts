import { fetchAtlasBitmap } from './atlasApi';

/**
 * Atlas page bitmaps shared by URL while any mesh uses them. A page whose mesh is remounted (the
 * canvas re-creating its scene, a filter changed and changed back) reuses the download instead of
 * aborting it and starting again; the last release aborts or closes it a moment later.
 */
interface Entry {
  users: number;
  controller: AbortController;
  bitmap: Promise<ImageBitmap>;
  timer: ReturnType<typeof setTimeout> | null;
}

const entries = new Map<string, Entry>();
/** How long an unused page is kept for a quick remount (ms). */
const LINGER_MS = 2000;

export function acquireAtlasBitmap(url: string): Promise<ImageBitmap> {
  let entry = entries.get(url);
  if (!entry) {
    const controller = new AbortController();
    const created: Entry = { users: 0, controller, bitmap: fetchAtlasBitmap(url, controller.signal), timer: null };
    // A failed download is forgotten at once, so the next mount tries again.
    created.bitmap.catch(() => {
      if (entries.get(url) === created) entries.delete(url);
    });
    entries.set(url, created);
    entry = created;
  }
  if (entry.timer) clearTimeout(entry.timer);
  entry.timer = null;
  entry.users += 1;
  return entry.bitmap;
}

export function releaseAtlasBitmap(url: string): void {
  const entry = entries.get(url);
  if (!entry) return;
  entry.users -= 1;
  if (entry.users > 0) return;
  entry.timer = setTimeout(() => {
    if (entry.users > 0 || entries.get(url) !== entry) return;
    entries.delete(url);
    entry.controller.abort();
    entry.bitmap.then(
      (b) => b.close(),
      () => undefined,
    );
  }, LINGER_MS);
}
