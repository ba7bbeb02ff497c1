/**
 * True for the rejection of an aborted operation: fetch, XHR uploads, the engine's sources, the
 * decoder pool, file pickers. Checked by name, not by class, so it holds for a DOMException from
 * any realm (a worker, a test environment) and for errors built in code without the DOM.
 */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
