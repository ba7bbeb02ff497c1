import { z } from 'zod';
import { checkOAuthEnv, oauthEnvShape } from './oauth/oauthEnv';

const blank = (v: unknown) => (v === '' ? undefined : v);
const optionalText = z.preprocess(blank, z.string().min(1).optional());

/** Server settings from the environment, checked once at start-up: a bad value stops the server. */
const schema = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(8787),
    HOST: z.string().min(1).default('127.0.0.1'),
    DIST_DIR: z.string().min(1).default('dist'),
    DATA_DIR: z.string().min(1).default('data'),
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    /** Origin of the chat-support widget script, allowed by the Content-Security-Policy. */
    CHAT_SCRIPT_ORIGIN: z.union([z.url({ protocol: /^https?$/ }), z.literal('')]).default(''),
    /** PostgreSQL instead of the embedded SQLite file (`postgres://user:pass@host:5432/db`). */
    DATABASE_URL: z.preprocess(blank, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    /**
     * HMAC key of the access tokens: at least 32 bytes. When absent, one is generated once and
     * kept in DATA_DIR/jwt-secret (see jwtSecret.ts), so `npm start` works with nothing set.
     */
    JWT_SECRET: z.preprocess(
      blank,
      z
        .string()
        .refine((s) => Buffer.byteLength(s, 'utf8') >= 32, 'must be at least 32 bytes')
        .refine((s) => new Set(s).size >= 8, 'is too weak (too few distinct characters)')
        .optional(),
    ),
    /** Origin used in links inside mails; default http://HOST:PORT. */
    PUBLIC_URL: z.preprocess(blank, z.url({ protocol: /^https?$/ }).optional()),
    /** Token lifetimes (spec section 9: 30 minutes, 7 days); tests shorten them. */
    ACCESS_TOKEN_TTL_S: z.coerce.number().int().min(1).max(86_400).default(1800),
    REFRESH_TOKEN_TTL_S: z.coerce.number().int().min(60).max(31_536_000).default(604_800),
    /** `smtp://user:pass@host:587` or `smtps://…`; without it mails go to DATA_DIR/outbox/. */
    SMTP_URL: z.preprocess(blank, z.url({ protocol: /^smtps?$/ }).optional()),
    MAIL_FROM: z.string().min(3).default('Maru AI <no-reply@localhost>'),
    /** Background jobs run by the server process at once; 0 leaves them to `npm run worker`. */
    JOB_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(1),
    /**
     * The trainer inside the API process (trainings and auto labeling in a worker thread); 0 leaves
     * them to `npm run worker -- --role trainer`. Off too when JOB_CONCURRENCY is 0.
     */
    TRAINER_ENABLED: z
      .enum(['0', '1', 'false', 'true'])
      .default('1')
      .transform((v) => v === '1' || v === 'true'),
    /** The trainer's name in the new-training wizard (default: the host name). */
    TRAINER_NAME: z.preprocess(blank, z.string().min(1).max(100).optional()),
    /** Seconds between two edge agent heartbeats (three missed: 'not connected'); tests shorten it. */
    EDGE_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(15),
    /** Inference threads of this API process for web points (a point uses at most its instance type's share). */
    INFERENCE_THREADS: z.coerce.number().int().min(1).max(64).default(2),
    /** Models each inference thread keeps loaded (least recently used goes first). */
    INFERENCE_MODELS_PER_THREAD: z.coerce.number().int().min(1).max(64).default(4),
    /** Minutes between two blob collection passes (`blobs.gc` jobs); 0 turns the schedule off. */
    BLOB_GC_INTERVAL_MIN: z.coerce.number().int().min(0).max(10_080).default(60),
    /** Hours a blob no row refers to is kept (an upload's bytes are stored before its row). */
    BLOB_GC_GRACE_H: z.coerce.number().min(1).max(8_760).default(24),
    /**
     * Toss Payments (API v2). With both keys set, checkout goes through Toss's payment window;
     * without them the built-in test provider runs ("test mode — no money moves").
     */
    TOSS_CLIENT_KEY: optionalText,
    TOSS_SECRET_KEY: optionalText,
    /** Toss's API base (tests point it at a local stand-in). */
    TOSS_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api.tosspayments.com'),
    /** 'enforce' (default): plans' limits hold; 'off': no limits (an installation without billing). */
    PLAN_LIMITS: z.enum(['enforce', 'off']).default('enforce'),
    BLOB_STORE: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: z.preprocess(blank, z.url({ protocol: /^https?$/ }).optional()),
    S3_BUCKET: optionalText,
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    ...oauthEnvShape,
  })
  .superRefine((env, ctx) => {
    checkOAuthEnv(env, ctx);
    if (env.BLOB_STORE !== 's3') return;
    for (const key of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when BLOB_STORE=s3' });
    }
  });

export type ServerEnv = z.infer<typeof schema>;

/** The settings the app runs with: the env with the JWT secret and public URL resolved. */
export type ServerConfig = ServerEnv & { JWT_SECRET: string; PUBLIC_URL: string };

export function parseEnv(source: Record<string, string | undefined> = process.env): ServerEnv {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid server environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** http://HOST:PORT unless PUBLIC_URL is set (0.0.0.0 is not reachable as a link). */
export function publicUrlOf(env: ServerEnv): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, '');
  const host = env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST;
  return `http://${host}:${env.PORT}`;
}
