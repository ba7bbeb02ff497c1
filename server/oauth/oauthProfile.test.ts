import { describe, expect, it } from 'vitest';
import { parseGoogleProfile, parseNaverProfile } from './oauthProfile';

/** The shape of https://openapi.naver.com/v1/nid/me as its developer guide records it. */
const NAVER_ME = {
  resultcode: '00',
  message: 'success',
  response: {
    id: '32742776',
    nickname: 'OpenAPI',
    profile_image: 'https://ssl.pstatic.net/static/pwe/address/nodata_33x33.gif',
    age: '40-49',
    gender: 'F',
    email: 'openapi@naver.com',
    name: '오픈 API',
    birthday: '10-01',
  },
};

describe('Naver profile', () => {
  it('reads the member inside `response`', () => {
    expect(parseNaverProfile(NAVER_ME)).toEqual({ email: 'openapi@naver.com', emailVerified: true, name: '오픈 API' });
  });

  it('falls back to the nickname without a name', () => {
    const { name: _name, ...rest } = NAVER_ME.response;
    expect(parseNaverProfile({ ...NAVER_ME, response: rest })?.name).toBe('OpenAPI');
  });

  it('refuses a member who did not share an e-mail, and an error answer', () => {
    const { email: _email, ...rest } = NAVER_ME.response;
    expect(parseNaverProfile({ ...NAVER_ME, response: rest })).toBeNull();
    expect(parseNaverProfile({ resultcode: '024', message: 'Authentication failed' })).toBeNull();
    expect(parseNaverProfile(null)).toBeNull();
  });
});

describe('Google profile', () => {
  it('takes email_verified as Google sends it (boolean, or a string in older answers)', () => {
    const base = { sub: '1', email: 'a@gmail.com', name: 'A' };
    expect(parseGoogleProfile({ ...base, email_verified: true })?.emailVerified).toBe(true);
    expect(parseGoogleProfile({ ...base, email_verified: 'true' })?.emailVerified).toBe(true);
    expect(parseGoogleProfile({ ...base, email_verified: false })?.emailVerified).toBe(false);
    expect(parseGoogleProfile(base)?.emailVerified).toBe(false);
    expect(parseGoogleProfile({ sub: '1' })).toBeNull();
  });
});
