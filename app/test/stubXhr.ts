import { vi } from 'vitest';

export interface XhrSent {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

export type XhrAnswer = { status: number; body: unknown };

/**
 * Replaces XMLHttpRequest (the uploads' network edge) with a fake that reports half the bytes,
 * then all of them, and answers `answer` (or what `answer` makes of the request); with `hold`
 * the upload stays open until it is aborted (to test cancel). Returns the requests sent.
 */
export function stubXhr(answer: XhrAnswer | ((sent: XhrSent) => XhrAnswer), hold = false): XhrSent[] {
  const sent: XhrSent[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    onloadend: (() => void) | null = null;
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: Blob) {
      const request = { method: this.method, url: this.url, body, headers: this.headers };
      sent.push(request);
      setTimeout(() => {
        this.upload.onprogress?.({ loaded: Math.floor(body.size / 2) });
        if (hold) return;
        this.upload.onprogress?.({ loaded: body.size });
        const { status, body: answerBody } = typeof answer === 'function' ? answer(request) : answer;
        this.status = status;
        this.responseText = JSON.stringify(answerBody);
        this.onload?.();
        this.onloadend?.();
      }, 20);
    }
    abort() {
      this.onabort?.();
      this.onloadend?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
