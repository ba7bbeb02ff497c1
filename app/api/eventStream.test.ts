import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSseParser, openEventStream, type SseEvent } from './eventStream';
import { storeTokens } from './tokenStorage';

function parseAll(pieces: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createSseParser((e) => events.push(e));
  for (const piece of pieces) parser.push(piece);
  return events;
}

/** Every way to cut `text` in two, and cuts after every character. */
function splits(text: string): string[][] {
  const out: string[][] = [[text], [...text]];
  for (let i = 1; i < text.length; i++) out.push([text.slice(0, i), text.slice(i)]);
  return out;
}

describe('createSseParser', () => {
  const stream =
    '\uFEFF: comment\r\nevent: training\r\ndata: {"a":1,\r\ndata:  "b":2}\r\nid: 7\r\n\r\n' +
    'data: plain\n\nevent: training\rdata: x\r\r' +
    'event: empty\n\n' +
    'retry: 2500\ndata: last\n\n';
  const expected: SseEvent[] = [
    { event: 'training', data: '{"a":1,\n "b":2}', id: '7' },
    { event: 'message', data: 'plain', id: '7' },
    { event: 'training', data: 'x', id: '7' },
    { event: 'message', data: 'last', id: '7' },
  ];

  it('gives the same events however the text is cut (mid-line, mid-CRLF, one character at a time)', () => {
    for (const pieces of splits(stream)) expect(parseAll(pieces)).toEqual(expected);
  });

  it('keeps an unfinished event until its blank line arrives', () => {
    const events: SseEvent[] = [];
    const parser = createSseParser((e) => events.push(e));
    parser.push('event: training\ndata: {"step":"lea');
    expect(events).toEqual([]);
    parser.push('rning"}\n');
    expect(events).toEqual([]);
    parser.push('\n');
    expect(events).toEqual([{ event: 'training', data: '{"step":"learning"}', id: null }]);
  });

  it('reads the retry advice and ignores unknown fields and bad retry values', () => {
    const parser = createSseParser(() => undefined);
    parser.push('retry: soon\nfoo: bar\n');
    expect(parser.retryMs).toBeNull();
    parser.push('retry: 1200\n');
    expect(parser.retryMs).toBe(1200);
  });
});

/** A streamed answer whose body delivers `pieces` and then ends (or stays open). */
function streamed(pieces: string[], keepOpen = false): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      if (!keepOpen) controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

describe('openEventStream', () => {
  beforeEach(() => {
    const storage = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => storage.set(k, v),
      removeItem: (k: string) => storage.delete(k),
    });
    storeTokens({ token: 'A1', refreshToken: 'R1' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the token, reconnects after a drop and stops after the final event', async () => {
    const answers = [
      () => streamed(['event: training\ndata: {"status":"running","n":1}\n', '\n']),
      () => new Response('busy', { status: 503 }),
      () => streamed(['event: training\ndata: {"status":"completed","n":2}\n\n', 'data: after\n\n'], true),
    ];
    const requests: Request[] = [];
    vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
      requests.push(new Request(new URL(input, 'http://localhost'), init));
      return answers[requests.length - 1]!();
    });
    const events: string[] = [];
    const states: string[] = [];
    await new Promise<void>((resolve) => {
      openEventStream('projects/p1/trainings/t1/events', {
        onEvent: (e) => events.push(e.data),
        isFinal: (e) => (JSON.parse(e.data) as { status: string }).status === 'completed',
        onState: (s) => {
          states.push(s);
          if (s === 'closed') resolve();
        },
        initialDelayMs: 1,
      });
    });
    expect(events).toEqual(['{"status":"running","n":1}', '{"status":"completed","n":2}']);
    expect(requests).toHaveLength(3);
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer A1');
    expect(requests[0]!.headers.get('Accept')).toBe('text/event-stream');
    expect(new URL(requests[0]!.url).pathname).toBe('/api/projects/p1/trainings/t1/events');
    expect(states.filter((s) => s === 'waiting')).toHaveLength(2);
    expect(states.at(-1)).toBe('closed');
  });

  it('stops at once on a refusal reconnecting cannot cure, with the API error code', async () => {
    let calls = 0;
    vi.stubGlobal('fetch', async () => {
      calls++;
      return new Response(JSON.stringify({ error: { code: 'forbidden', message: 'no' } }), { status: 403 });
    });
    const code = await new Promise<string>((resolve) => {
      openEventStream('projects/p1/trainings/t1/events', { onEvent: () => undefined, onFatal: (e) => resolve(e.code) });
    });
    expect(code).toBe('forbidden');
    expect(calls).toBe(1);
  });

  it('closing it aborts the request and nothing is reported afterwards', async () => {
    let signal: AbortSignal | undefined;
    vi.stubGlobal('fetch', async (_input: string, init: RequestInit) => {
      signal = init.signal ?? undefined;
      return streamed(['data: one\n\n'], true);
    });
    const events: string[] = [];
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const close = openEventStream('x/events', {
      onEvent: (e) => {
        events.push(e.data);
        opened();
      },
    });
    await open;
    close();
    expect(signal?.aborted).toBe(true);
    expect(events).toEqual(['one']);
  });
});
