/**
 * A page chunk that fails to load (usually a deploy replaced the hashed files) reloads the page,
 * at most once a minute: the time of the last reload is kept in storage so a chunk that is truly
 * broken ends on the error page instead of a reload loop.
 */
export const RELOAD_GUARD_KEY = 'chunk-reload-at';
export const RELOAD_GUARD_MS = 60_000;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Unable to preload CSS/i.test(
    `${error.name} ${error.message}`,
  );
}

export interface ReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now: () => number;
  reload: () => void;
}

/** Returns true when a reload was started (the caller should then render nothing). */
export function reloadOnceAMinute(deps: ReloadDeps): boolean {
  let last = 0;
  try {
    last = Number(deps.storage.getItem(RELOAD_GUARD_KEY)) || 0;
  } catch {
    // Storage unavailable: fall through and treat as never reloaded.
  }
  const now = deps.now();
  if (now - last < RELOAD_GUARD_MS) return false;
  try {
    deps.storage.setItem(RELOAD_GUARD_KEY, String(now));
  } catch {
    // Without storage we cannot guard against loops, so do not reload.
    return false;
  }
  deps.reload();
  return true;
}
