import { describe, expect, it } from 'vitest';
import { localeOfPath, safeRedirectPath } from './safeRedirectPath';

describe('safeRedirectPath', () => {
  it('keeps same-site relative paths with their query', () => {
    expect(safeRedirectPath('/console/project?tab=1#a')).toBe('/console/project?tab=1#a');
    expect(safeRedirectPath('/en/support')).toBe('/en/support');
  });

  it('turns everything that could leave the site into /', () => {
    for (const bad of [
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      'evil.example',
      '/\tevil',
      '',
      undefined,
      null,
      `/${'a'.repeat(600)}`,
    ]) {
      expect(safeRedirectPath(bad), String(bad)).toBe('/');
    }
  });
});

describe('localeOfPath', () => {
  it('knows English pages by /en', () => {
    expect(localeOfPath('/en')).toBe('en');
    expect(localeOfPath('/en/console')).toBe('en');
    expect(localeOfPath('/english')).toBe('ko');
    expect(localeOfPath('/')).toBe('ko');
  });
});
