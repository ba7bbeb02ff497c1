import { shouldPrefetch } from '../platform/shouldPrefetch';
import { pageLoaders } from './pages';

const started = new Set<string>();

/** Start loading the chunk of the page at `path` (on hover or focus of a link), unless on 2g/save-data. */
export function prefetchPath(path: string): void {
  const clean = path.split(/[?#]/)[0] ?? '/';
  if (started.has(clean) || !shouldPrefetch()) return;
  const entry = pageLoaders.find(([re]) => re.test(clean));
  if (!entry) return;
  started.add(clean);
  entry[1]().catch(() => started.delete(clean));
}
