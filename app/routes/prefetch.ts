import { shouldPrefetch } from '../platform/shouldPrefetch';
import { pageLoaderOf } from './pages';

const started = new Set<string>();

/** Start loading the chunk of the page at `path` (on hover or focus of a link), unless on 2g/save-data. */
export function prefetchPath(path: string): void {
  const clean = path.split(/[?#]/)[0] ?? '/';
  if (started.has(clean) || !shouldPrefetch()) return;
  const loader = pageLoaderOf(clean);
  if (!loader) return;
  started.add(clean);
  loader().catch(() => started.delete(clean));
}
