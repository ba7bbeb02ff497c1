import { describe, expect, it } from 'vitest';
import { passwordSchema } from '../../../contract/validation';
import { meetsPasswordRules } from './authRules';

describe('the sign-in checklist and the shared password rule agree', () => {
  it.each([
    'abcd1234!',
    'abcd1234^',
    'abcd1234?',
    'Abcdefgh1$',
    'abcdefgh1',
    'abcd 1234!',
    'abc1!',
    'a'.repeat(19) + '1!',
    'abcd1234(',
    '한글비밀번호1234!',
  ])('%s', (p) => {
    expect(meetsPasswordRules(p)).toBe(passwordSchema.safeParse(p).success);
  });
});
