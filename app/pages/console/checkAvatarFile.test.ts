import { describe, expect, it } from 'vitest';
import { checkAvatarFile } from './checkAvatarFile';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0];
const decodes = () => Promise.resolve();

describe('checkAvatarFile', () => {
  it('accepts a small image recognised by its bytes, whatever its declared type', async () => {
    const file = new Blob([new Uint8Array(PNG_HEAD)], { type: 'text/plain' });
    await expect(checkAvatarFile(file, decodes)).resolves.toEqual({ ok: true, type: 'image/png' });
  });
  it('refuses more than 500 KB', async () => {
    const file = new Blob([new Uint8Array(PNG_HEAD), new Uint8Array(500 * 1024)], { type: 'image/png' });
    await expect(checkAvatarFile(file, decodes)).resolves.toEqual({ ok: false, code: 'payload_too_large' });
  });
  it('refuses a renamed non-image and one that does not decode', async () => {
    const html = new Blob(['<html><script>x</script>'], { type: 'image/png' });
    await expect(checkAvatarFile(html, decodes)).resolves.toEqual({ ok: false, code: 'image_invalid' });
    const broken = new Blob([new Uint8Array(PNG_HEAD)], { type: 'image/png' });
    await expect(checkAvatarFile(broken, () => Promise.reject(new Error('bad')))).resolves.toEqual({
      ok: false,
      code: 'image_invalid',
    });
  });
});
