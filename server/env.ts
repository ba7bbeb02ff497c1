import { z } from 'zod';

/** Server settings from the environment, checked once at start-up: a bad value stops the server. */
const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8787),
  HOST: z.string().min(1).default('127.0.0.1'),
  DIST_DIR: z.string().min(1).default('dist'),
  DATA_DIR: z.string().min(1).default('data'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /** Origin of the chat-support widget script, allowed by the Content-Security-Policy. */
  CHAT_SCRIPT_ORIGIN: z.union([z.url({ protocol: /^https?$/ }), z.literal('')]).default(''),
});

export type ServerEnv = z.infer<typeof schema>;

export function parseEnv(source: Record<string, string | undefined> = process.env): ServerEnv {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid server environment:\n${lines.join('\n')}`);
  }
  return result.data;
}
