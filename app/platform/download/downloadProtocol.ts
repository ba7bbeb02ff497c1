import * as z from 'zod/mini';

/**
 * The messages of a download streamed through the service worker. The page registers a download
 * with the worker (`downloadRequestSchema`, the port of a MessageChannel transferred with it) and
 * opens `/__download/<id>/<name>` in a hidden frame; the worker answers that request with a
 * streamed Response and pulls the bytes over the port one chunk at a time, so neither side holds
 * more than a chunk or two (backpressure).
 */

/** Where the service worker answers registered downloads (same origin, inside its scope). */
export const DOWNLOAD_PATH_PREFIX = '/__download/';

export const DOWNLOAD_REQUEST = 'maru-download';
export const DOWNLOAD_KEEPALIVE = 'maru-download-keepalive';

/** Page → worker (global message event), with the port transferred alongside. */
export const downloadRequestSchema = z.object({
  type: z.literal(DOWNLOAD_REQUEST),
  id: z.string().check(z.regex(/^[0-9a-f-]{36}$/)),
  fileName: z.string().check(z.minLength(1), z.maxLength(255)),
});
export type DownloadRequest = z.infer<typeof downloadRequestSchema>;

/** Page → worker over the port: a chunk (buffer transferred), the end, or an abort. */
export const pageMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('chunk'), chunk: z.instanceof(Uint8Array) }),
  z.object({ type: z.literal('end') }),
  z.object({ type: z.literal('abort') }),
]);
export type PageMessage = z.infer<typeof pageMessageSchema>;

/**
 * Worker → page over the port: the frame's request arrived (the download exists), the stream
 * wants one more chunk, or the browser's download was canceled.
 */
export const workerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('started') }),
  z.object({ type: z.literal('pull') }),
  z.object({ type: z.literal('canceled') }),
]);
export type WorkerMessage = z.infer<typeof workerMessageSchema>;

/** The frame's address of download `id`; the name is only for the browser's display. */
export function downloadUrl(id: string, fileName: string): string {
  return `${DOWNLOAD_PATH_PREFIX}${id}/${encodeURIComponent(fileName)}`;
}

/** The id of a download address, or null for any other path. */
export function downloadIdOf(pathname: string): string | null {
  if (!pathname.startsWith(DOWNLOAD_PATH_PREFIX)) return null;
  const id = pathname.slice(DOWNLOAD_PATH_PREFIX.length).split('/')[0] ?? '';
  return /^[0-9a-f-]{36}$/.test(id) ? id : null;
}

/**
 * `Content-Disposition: attachment` with an ASCII fallback name and the exact UTF-8 name
 * (RFC 6266 / 5987), so Korean project titles survive.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
