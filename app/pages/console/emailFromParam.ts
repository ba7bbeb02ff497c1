import { z } from 'zod';

const emailSchema = z.email();

/** The e-mail in a path segment (URL-encoded), or null when it is not a plausible address. */
export function emailFromParam(param: string | undefined): string | null {
  if (!param) return null;
  let email: string;
  try {
    email = decodeURIComponent(param);
  } catch {
    return null;
  }
  return emailSchema.safeParse(email).success ? email : null;
}
