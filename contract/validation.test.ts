import { describe, expect, it } from 'vitest';
import {
  emailSchema,
  firstErrorKey,
  nameSchema,
  noWhitespaceSchema,
  numericSchema,
  passwordChangeSchema,
  passwordSchema,
  phoneSchema,
  V,
} from './validation';

const key = firstErrorKey;

describe('password', () => {
  it.each(['abcdef12!', 'Passw0rd$', 'a1$@!%*#?&^', 'Z9^zzzzzzz', 'abcdefgh1234567890!@'])('accepts %s', (pw) => {
    expect(key(passwordSchema, pw)).toBeUndefined();
  });

  it('accepts the specials of both recorded sets', () => {
    for (const special of '$@!%*#?&^') expect(key(passwordSchema, `abcdef12${special}`), special).toBeUndefined();
  });

  it('requires a value', () => {
    expect(key(passwordSchema, '')).toBe(V.required);
    expect(key(passwordSchema, undefined)).toBe(V.required);
  });

  it('wants 9 to 20 characters', () => {
    expect(key(passwordSchema, 'abcde12!')).toBe(V.passwordLength);
    expect(key(passwordSchema, 'abcdefgh1234567890!@#')).toBe(V.passwordLength);
  });

  it('rejects characters outside letters, digits and $@!%*#?&^', () => {
    for (const bad of ['abcdef12-', 'abcdef12 !', 'abcdef12!(', 'abcdef12!~', '비밀번호abc12!', 'abcdef12!_']) {
      expect(key(passwordSchema, bad), bad).toBe(V.passwordCharacters);
    }
  });

  it('wants a letter, a digit and a special character', () => {
    expect(key(passwordSchema, 'abcdefghi!')).toBe(V.passwordCombination);
    expect(key(passwordSchema, '123456789!')).toBe(V.passwordCombination);
    expect(key(passwordSchema, 'abcdef1234')).toBe(V.passwordCombination);
  });
});

describe('password change', () => {
  const good = { currentPassword: 'old', newPassword: 'Passw0rd!', confirmPassword: 'Passw0rd!' };
  const issues = (form: unknown) => {
    const r = passwordChangeSchema.safeParse(form);
    return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  };

  it('accepts a complete form', () => {
    expect(issues(good)).toEqual([]);
  });

  it('requires the current password', () => {
    expect(issues({ ...good, currentPassword: '' })).toEqual([
      { path: 'currentPassword', message: V.currentPasswordRequired },
    ]);
  });

  it('reports a confirmation that differs on confirmPassword', () => {
    expect(issues({ ...good, confirmPassword: 'Passw0rd?' })).toEqual([
      { path: 'confirmPassword', message: V.passwordConfirmMismatch },
    ]);
  });

  it('reports the mismatch even when another field is wrong', () => {
    expect(issues({ ...good, currentPassword: '', confirmPassword: 'x' })).toEqual([
      { path: 'currentPassword', message: V.currentPasswordRequired },
      { path: 'confirmPassword', message: V.passwordConfirmMismatch },
    ]);
  });

  it('checks the new password itself', () => {
    // Every failing check is listed (a form shows the first per field); all on newPassword.
    const found = issues({ ...good, newPassword: 'short', confirmPassword: 'short' });
    expect(found[0]).toEqual({ path: 'newPassword', message: V.passwordLength });
    expect(found.every((i) => i.path === 'newPassword')).toBe(true);
  });
});

describe('email', () => {
  it.each(['user@example.com', 'first.last+tag@sub.example.co.kr', 'a_b@x.io'])('accepts %s', (email) => {
    expect(key(emailSchema, email)).toBeUndefined();
  });
  it.each(['user', 'user@', '@example.com', 'user@example', 'us er@example.com', 'user@@example.com'])(
    'rejects %s',
    (email) => {
      expect(key(emailSchema, email)).toBe(V.email);
    },
  );
  it('requires a value', () => {
    expect(key(emailSchema, '')).toBe(V.required);
  });
});

describe('name', () => {
  it.each(['홍길동', 'Gildong Hong', '김 Kim'])('accepts %s', (name) => {
    expect(key(nameSchema, name)).toBeUndefined();
  });
  it.each(['홍길동1', 'Hong-Gildong', "O'Neil", 'José'])('rejects %s', (name) => {
    expect(key(nameSchema, name)).toBe(V.name);
  });
});

describe('no whitespace', () => {
  it('accepts text without blanks, including the empty string', () => {
    expect(key(noWhitespaceSchema, 'abc-123')).toBeUndefined();
    expect(key(noWhitespaceSchema, '')).toBeUndefined();
  });
  it.each(['a b', ' a', 'a\tb', 'a\n'])('rejects %j', (value) => {
    expect(key(noWhitespaceSchema, value)).toBe(V.noWhitespace);
  });
});

describe('phone', () => {
  it.each(['010-1234-5678', '+82 10 1234 5678', '02.123.4567', '010/1234/5678', '+1', '01012345678'])(
    'accepts %s',
    (phone) => {
      expect(key(phoneSchema, phone)).toBeUndefined();
    },
  );
  it.each(['phone', '+-82', '010-1234-abcd', '++82 10', ' 010'])('rejects %j', (phone) => {
    expect(key(phoneSchema, phone)).toBe(V.phone);
  });
});

describe('numeric', () => {
  const cases: [Parameters<typeof numericSchema>[0], string[], string[]][] = [
    [
      'signed',
      ['-1,234,567', '1,234', '1234567', '-12', '0', '-0.5', '1,234.56'],
      ['1,23', '1,,234', '12,34,567', '+1', '--1', '1.', '.5', 'abc', '1 234'],
    ],
    ['unsigned', ['0', '1234', '007'], ['-1', '1,234', '1.5', ' 1', 'abc']],
    ['nonNegative', ['0', '12.5', '1234'], ['-1', '1,234', '.5', '1.', 'abc']],
  ];
  for (const [mode, good, bad] of cases) {
    it(`${mode}: accepts ${good.join(' ')}`, () => {
      for (const value of good) expect(key(numericSchema(mode), value), value).toBeUndefined();
    });
    it(`${mode}: rejects ${bad.join(' ')}`, () => {
      for (const value of bad) expect(key(numericSchema(mode), value), value).toBe(V.numeric);
    });
    it(`${mode}: requires a value`, () => {
      expect(key(numericSchema(mode), '')).toBe(V.required);
    });
  }
});
