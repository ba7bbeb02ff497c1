import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clockSkewMs, createSelfChecks } from './selfChecks';

describe('self-checks', () => {
  it('measures the skew against the middle of the round trip', () => {
    const server = Date.parse('2026-01-01T00:00:10.000Z');
    // Sent at 10.000 s, answered at 10.400 s by the agent's clock; the server read 9.000 s.
    expect(clockSkewMs(server, server + 400, new Date(server - 1000).toISOString())).toBe(1200);
    expect(clockSkewMs(server, server + 400, 'not a time')).toBeNull();
  });

  it('counts failed calls until one gets through, and reports the free disk', async () => {
    const checks = createSelfChecks(mkdtempSync(join(tmpdir(), 'agent-checks-')));
    checks.callFailed(new Error('ECONNREFUSED'));
    checks.callFailed(new Error('no answer in 20 s'));
    expect(await checks.snapshot()).toMatchObject({ failedCalls: 2, lastError: 'no answer in 20 s' });
    const now = Date.now();
    checks.callSucceeded(now, now + 100, new Date(now + 50).toISOString());
    const after = await checks.snapshot();
    // The success's report still says how many failed before it.
    expect(after).toMatchObject({ failedCalls: 2, clockSkewMs: 0 });
    expect(after.freeDiskBytes).toBeGreaterThan(0);
    checks.callSucceeded(now, now, undefined);
    expect((await checks.snapshot()).failedCalls).toBe(0);
  });
});
