import type { z } from 'zod';
import {
  alertListSchema,
  captchaChallengeSchema,
  type loginRequestSchema,
  oauthProvidersSchema,
  type passwordChangeRequestSchema,
  type passwordResetSchema,
  publicUserListSchema,
  type registerRequestSchema,
  registerAnswerSchema,
  tokenPairSchema,
  userSchema,
  type userUpdateSchema,
  type OAuthProvider,
} from '../../contract/apiAuth';
import type { Locale } from '../../contract/routes';
import { ApiRequestError } from './ApiRequestError';
import { apiFetch, apiUrl } from './apiFetch';

/** The accounts API of contract/apiAuth.ts, one function per call. */

export const authApi = {
  login: (body: z.input<typeof loginRequestSchema>) =>
    apiFetch('auth/login', { method: 'POST', body, schema: tokenPairSchema, auth: false }),
  register: (body: z.input<typeof registerRequestSchema>) =>
    apiFetch('auth/register', { method: 'POST', body, schema: registerAnswerSchema, auth: false }),
  verify: (key: string) =>
    apiFetch('auth/verify', { method: 'POST', body: { key }, schema: tokenPairSchema, auth: false }),
  resendVerification: (email: string, locale: Locale) =>
    apiFetch('auth/verify/resend', { method: 'POST', body: { email, locale }, auth: false }),
  requestPasswordReset: (email: string, locale: Locale) =>
    apiFetch('auth/password/reset-request', { method: 'POST', body: { email, locale }, auth: false }),
  resetPassword: (body: z.input<typeof passwordResetSchema>) =>
    apiFetch('auth/password/reset', { method: 'POST', body, auth: false }),
  changePassword: (body: z.input<typeof passwordChangeRequestSchema>) =>
    apiFetch('auth/password', { method: 'POST', body, schema: tokenPairSchema }),
  logout: (refreshToken: string) => apiFetch('auth/logout', { method: 'POST', body: { refreshToken }, auth: false }),
  user: () => apiFetch('auth/user', { schema: userSchema }),
  updateUser: (body: z.input<typeof userUpdateSchema>) =>
    apiFetch('auth/user', { method: 'PATCH', body, schema: userSchema }),
  uploadAvatar: (file: Blob) => apiFetch('auth/user/avatar', { method: 'PUT', body: file, schema: userSchema }),
  removeAvatar: () => apiFetch('auth/user/avatar', { method: 'DELETE', schema: userSchema }),
  userByEmail: (email: string) =>
    apiFetch(`auth/user/email/${encodeURIComponent(email)}`, { schema: publicUserListSchema }),
  alerts: () => apiFetch('auth/alerts', { schema: alertListSchema }),
  markAlertRead: (id: string) => apiFetch(`auth/alerts/${encodeURIComponent(id)}/read`, { method: 'POST' }),
  captcha: () => apiFetch('auth/captcha', { schema: captchaChallengeSchema, auth: false }),
  /** The configured OAuth providers; a server without the OAuth routes (404) has none. */
  oauthProviders: async (): Promise<OAuthProvider[]> => {
    try {
      return await apiFetch('auth/oauth/providers', { schema: oauthProvidersSchema, auth: false });
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) return [];
      throw error;
    }
  },
  oauthExchange: (key: string) =>
    apiFetch('auth/oauth/exchange', { method: 'POST', body: { key }, schema: tokenPairSchema, auth: false }),
};

/** Where an OAuth button goes: the server starts the provider's flow and comes back to /login. */
export function oauthStartUrl(provider: OAuthProvider, redirect: string): string {
  return `${apiUrl(`auth/oauth/${provider}/start`)}?redirect=${encodeURIComponent(redirect)}`;
}
