import { apiErrorBodySchema } from '../../contract/apiErrors';
import { isAbortError } from '../../contract/isAbortError';
import { apiUrl } from './apiFetch';
import { ApiRequestError } from './ApiRequestError';
import { authorizedFetch } from './authorizedFetch';

/** One server-sent event (the WHATWG event-stream format). */
export interface SseEvent {
  /** The `event:` field; 'message' when the server named none. */
  event: string;
  /** The `data:` lines joined with '\n'. */
  data: string;
  /** The last `id:` seen on the stream, or null. */
  id: string | null;
}

export interface SseParser {
  /** Feeds the next piece of decoded text; a piece may end anywhere, even inside a line or a CRLF. */
  push(text: string): void;
  /** The server's `retry:` advice in ms, when it gave one. */
  readonly retryMs: number | null;
}

/**
 * An incremental text/event-stream parser (HTML Living Standard, "Interpreting an event stream"):
 * lines end in CRLF, LF or CR; ':' starts a comment; a blank line dispatches the event when it has
 * data. Text pushed in arbitrary pieces gives the same events as the whole text at once.
 */
export function createSseParser(onEvent: (event: SseEvent) => void): SseParser {
  let buffer = '';
  let started = false;
  // A CR ended the last piece: an LF that opens the next one belongs to it, not a blank line.
  let pendingCr = false;
  let eventType = '';
  let data: string[] = [];
  let lastId: string | null = null;
  let retryMs: number | null = null;

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: eventType || 'message', data: data.join('\n'), id: lastId });
    eventType = '';
    data = [];
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventType = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') {
      if (!value.includes('\0')) lastId = value;
    } else if (field === 'retry' && /^\d+$/.test(value)) retryMs = Number(value);
  };

  return {
    push(text: string) {
      if (!started && text.length > 0) {
        started = true;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      if (pendingCr && text.startsWith('\n')) text = text.slice(1);
      pendingCr = false;
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        line(buffer.slice(start, i));
        if (c === '\r') {
          if (i + 1 === buffer.length) pendingCr = true;
          else if (buffer[i + 1] === '\n') i++;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    get retryMs() {
      return retryMs;
    },
  };
}

export type EventStreamState = 'connecting' | 'open' | 'waiting' | 'closed';

export interface EventStreamOptions {
  onEvent: (event: SseEvent) => void;
  /** Whether this event is the stream's last word (a final status): no reconnect after it. */
  isFinal?: (event: SseEvent) => boolean;
  /** A refusal that reconnecting cannot cure (401 after renewal, 403, 404…): the stream stops. */
  onFatal?: (error: ApiRequestError) => void;
  onState?: (state: EventStreamState) => void;
  /** Reconnect back-off: the first wait, doubled after each failed try up to `maxDelayMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
}

const RETRYABLE = new Set([408, 425, 429, 500, 502, 503, 504]);

/**
 * Reads an API event stream with the session's token (EventSource cannot send an Authorization
 * header): fetch, decode the body as it arrives, parse, and reconnect with back-off when the
 * connection drops or the server is briefly unavailable. It stops for good after an event that
 * `isFinal` accepts, after a refusal reconnecting cannot cure, or when the returned function is
 * called (a page's unmount).
 */
export function openEventStream(path: string, options: EventStreamOptions): () => void {
  const { initialDelayMs = 1000, maxDelayMs = 30_000 } = options;
  const controller = new AbortController();
  let delayMs = initialDelayMs;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let done = false;

  const setState = (state: EventStreamState) => {
    if (!controller.signal.aborted || state === 'closed') options.onState?.(state);
  };
  const finish = () => {
    if (done) return;
    done = true;
    if (timer) clearTimeout(timer);
    controller.abort();
    setState('closed');
  };
  const retryLater = (serverAdviceMs: number | null) => {
    if (done) return;
    setState('waiting');
    const wait = Math.max(serverAdviceMs ?? 0, delayMs);
    delayMs = Math.min(delayMs * 2, maxDelayMs);
    timer = setTimeout(() => void connect(), wait);
  };

  const connect = async () => {
    timer = null;
    setState('connecting');
    let parser: SseParser | null = null;
    try {
      const response = await authorizedFetch(apiUrl(path), {
        headers: { Accept: 'text/event-stream' },
        cache: 'no-store',
        signal: controller.signal,
      });
      if (!response.ok || !response.body) {
        if (!response.ok && !RETRYABLE.has(response.status)) {
          options.onFatal?.(await fatalError(response));
          return finish();
        }
        return retryLater(null);
      }
      setState('open');
      let final = false;
      parser = createSseParser((event) => {
        // A message proves the connection works: the next drop starts the back-off afresh.
        delayMs = initialDelayMs;
        if (done) return;
        options.onEvent(event);
        if (options.isFinal?.(event)) final = true;
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      while (!final) {
        const { value, done: ended } = await reader.read();
        if (ended) break;
        parser.push(value);
      }
      if (final) return finish();
      void reader.cancel().catch(() => undefined);
      retryLater(parser.retryMs);
    } catch (error) {
      if (done || isAbortError(error) || controller.signal.aborted) return;
      if (error instanceof ApiRequestError && error.code !== 'network') {
        options.onFatal?.(error);
        return finish();
      }
      retryLater(parser?.retryMs ?? null);
    }
  };

  void connect();
  return finish;
}

/** The API's own error code when the body carries one, else one from the status. */
async function fatalError(response: Response): Promise<ApiRequestError> {
  const parsed = apiErrorBodySchema.safeParse(await response.json().catch(() => null));
  const code = parsed.success ? parsed.data.error.code : codeOf(response.status);
  return new ApiRequestError({ status: response.status, code });
}

function codeOf(status: number): ApiRequestError['code'] {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 410) return 'gone';
  return 'internal';
}
