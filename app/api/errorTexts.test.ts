import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../contract/apiErrors';
import en from '../../locales/en/errors.json';
import ko from '../../locales/ko/errors.json';
import type { ApiClientErrorCode } from './ApiRequestError';

const CODES: ApiClientErrorCode[] = [...API_ERROR_CODES, 'network'];

describe('error texts', () => {
  it.each(CODES)('%s has a Korean and an English text', (code) => {
    expect((ko as Record<string, unknown>)[code]).toMatch(/\S/);
    expect((en as Record<string, unknown>)[code]).toMatch(/\S/);
  });
  it('uses the spec wording in English', () => {
    expect(en.invalid_credentials).toBe('Your password is incorrect.');
    expect(en.internal).toBe('An error has occurred in the server.');
    expect(en.image_invalid).toBe('There seems to be an error in the image file.');
  });
});
