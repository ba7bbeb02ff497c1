import { z } from 'zod';

/** The client's build-time settings; checked when the app is built (vite.config.ts). */
export const clientEnvSchema = z.object({
  VITE_API_BASE: z
    .string()
    .regex(/^(\/|https?:\/\/)/, 'must be a path starting with / or an http(s) URL')
    .optional(),
  VITE_GUIDE_URL: z
    .string()
    .regex(/^(\/|https?:\/\/)/, 'must be a path starting with / or an http(s) URL')
    .optional(),
  VITE_CONSOLE_URL: z
    .string()
    .regex(/^(\/|https?:\/\/)/, 'must be a path starting with / or an http(s) URL')
    .optional(),
  VITE_CHAT_SCRIPT_URL: z.union([z.url({ protocol: /^https?$/ }), z.literal('')]).optional(),
});

export function checkClientEnv(source: Record<string, string | undefined>): void {
  const picked = Object.fromEntries(Object.entries(source).filter(([k, v]) => k.startsWith('VITE_') && v !== ''));
  const result = clientEnvSchema.safeParse(picked);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid client build settings:\n${lines.join('\n')}`);
  }
}
