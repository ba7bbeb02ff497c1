// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { getAccessToken, storeTokens } from '../../../api/tokenStorage';
import { signedInConsoleTests } from '../../../test/signedInConsoleTests';
import { json } from '../../../test/stubFetch';
import { stubXhr } from '../../../test/stubXhr';
import { putBlob } from './putBlob';

signedInConsoleTests();

/** An upload edge that takes only 'Bearer A1'; refresh (over fetch) turns R0 into A1/R1, or refuses. */
function server(refreshOk = true) {
  let refreshes = 0;
  vi.stubGlobal('fetch', async () => {
    refreshes += 1;
    return refreshOk ? json(200, { token: 'A1', refreshToken: 'R1' }) : json(401, {});
  });
  const sent = stubXhr(({ headers }) =>
    headers.Authorization === 'Bearer A1'
      ? { status: 200, body: { id: 'u1' } }
      : { status: 401, body: { error: { code: 'unauthorized', message: 'no' } } },
  );
  return {
    tokens: () => sent.map((s) => `${s.method} ${s.url} ${s.headers.Authorization}`),
    refreshes: () => refreshes,
  };
}

const signal = () => new AbortController().signal;

describe('putBlob', () => {
  it('renews an expired token once and sends the file again, progress starting over', async () => {
    storeTokens({ token: 'A0', refreshToken: 'R0' });
    const s = server();
    const progress: number[] = [];
    const answer = await putBlob('uploads/u1', new Blob(['12345678']), (n) => progress.push(n), signal());
    expect(answer).toEqual({ status: 200, body: '{"id":"u1"}' });
    expect(s.tokens()).toEqual(['PUT /api/uploads/u1 Bearer A0', 'PUT /api/uploads/u1 Bearer A1']);
    expect(progress).toEqual([4, 8, 0, 4, 8]);
    expect(s.refreshes()).toBe(1);
    expect(getAccessToken()).toBe('Bearer A1');
  });

  it('throws unauthorized, after one refresh, when the session cannot be renewed', async () => {
    storeTokens({ token: 'A0', refreshToken: 'R0' });
    const s = server(false);
    await expect(putBlob('uploads/u1', new Blob(['1234']), () => undefined, signal())).rejects.toMatchObject({
      status: 401,
      code: 'unauthorized',
    });
    expect(s.tokens()).toEqual(['PUT /api/uploads/u1 Bearer A0']);
    expect(s.refreshes()).toBe(1);
    expect(getAccessToken()).toBeNull();
  });

  it('sends nothing when the signal has already aborted', async () => {
    storeTokens({ token: 'A1', refreshToken: 'R1' });
    const s = server();
    const controller = new AbortController();
    controller.abort();
    await expect(putBlob('uploads/u1', new Blob(['1']), () => undefined, controller.signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(s.tokens()).toEqual([]);
  });
});
