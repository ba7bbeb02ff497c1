import { z } from 'zod';

/** What sign-in needs from a provider's userinfo answer. */
export interface OAuthProfile {
  email: string;
  emailVerified: boolean;
  name: string;
}

const email = z.email().max(254);

/** Google's OpenID Connect userinfo: `email_verified` says whether Google checked the address. */
const googleSchema = z.object({
  sub: z.string().min(1),
  email,
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  name: z.string().max(200).optional(),
});

export function parseGoogleProfile(json: unknown): OAuthProfile | null {
  const r = googleSchema.safeParse(json);
  if (!r.success) return null;
  const verified = r.data.email_verified === true || r.data.email_verified === 'true';
  return { email: r.data.email, emailVerified: verified, name: r.data.name ?? '' };
}

/**
 * Naver's profile API wraps the member in `response` next to `resultcode` ('00' = success).
 * It has no verified flag: the address it hands out is the member's Naver contact address, which
 * Naver confirms before it is shown; a member who did not consent to share it has no `email`,
 * and that sign-in is refused.
 */
const naverSchema = z.object({
  resultcode: z.literal('00'),
  response: z.object({
    id: z.string().min(1),
    email: email.optional(),
    name: z.string().max(200).optional(),
    nickname: z.string().max(200).optional(),
  }),
});

export function parseNaverProfile(json: unknown): OAuthProfile | null {
  const r = naverSchema.safeParse(json);
  if (!r.success || !r.data.response.email) return null;
  const { email: address, name, nickname } = r.data.response;
  return { email: address, emailVerified: true, name: name ?? nickname ?? '' };
}
