import { describe, expect, it } from 'vitest';
// Every message key the contract's schemas emit must have a text in both languages.
import { VALIDATION_MESSAGE_KEYS, VALIDATION_NAMESPACE } from '../contract/validation';
import en from './en/validation.json';
import ko from './ko/validation.json';

function lookup(texts: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
      texts,
    );
}

describe('validation message keys', () => {
  it('all live in the validation namespace', () => {
    for (const key of VALIDATION_MESSAGE_KEYS) expect(key.startsWith(`${VALIDATION_NAMESPACE}:`), key).toBe(true);
  });

  it.each([
    ['ko', ko],
    ['en', en],
  ] as const)('each has a text in %s', (_locale, texts) => {
    for (const key of VALIDATION_MESSAGE_KEYS) {
      const text = lookup(texts, key.slice(VALIDATION_NAMESPACE.length + 1));
      expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
    }
  });

  it('keeps the exact texts of the spec', () => {
    expect(ko).toMatchObject({
      required: '값을 입력해주세요.',
      max20: '20자 초과되었습니다.',
      max100: '100자 초과되었습니다.',
      noLeadingSpace: '공백으로 시작할 수 없습니다.',
      koreanEnglishDigitsOnly: '한글,영문,숫자 외의 문자가 입력되었습니다.',
      inappropriateCharacters: '적절하지 않은 문자가 입력되었습니다.',
    });
    expect(en).toMatchObject({
      required: 'Please enter a value.',
      max20: 'Exceeded 20 characters.',
      max100: 'Exceeded 100 characters.',
      noLeadingSpace: 'Cannot start with blanks.',
      koreanEnglishDigitsOnly: 'It cannot be done with special characters.',
      inappropriateCharacters: 'Inappropriate characters have been entered.',
      repeatCycle: 'Please select a repeat cycle.',
      name: 'Name is not appropriate.',
      password: {
        currentMismatch: 'Current password does not match.',
        confirmMismatch: 'The password to change does not match.',
      },
      tag: { duplicate: 'Duplicate tag name.' },
    });
  });
});
