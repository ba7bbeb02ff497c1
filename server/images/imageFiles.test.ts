import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sweepTmp } from './imageFiles';

const root = mkdtempSync(path.join(tmpdir(), 'sweep-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('sweepTmp', () => {
  it('removes only what is older than the limit', async () => {
    mkdirSync(path.join(root, 'upload-old'));
    writeFileSync(path.join(root, 'upload-old', 'body'), 'x');
    mkdirSync(path.join(root, 'upload-new'));
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    utimesSync(path.join(root, 'upload-old'), twoDaysAgo, twoDaysAgo);
    expect(await sweepTmp(root)).toBe(1);
    expect(readdirSync(root)).toEqual(['upload-new']);
    expect(await sweepTmp(path.join(root, 'missing'))).toBe(0);
  });
});
