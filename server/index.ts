import { serve } from '@hono/node-server';
import { createApp } from './app';
import { parseEnv } from './env';

let env;
try {
  env = parseEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const app = createApp({ env });
const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  console.log(`Maru AI serving on http://${env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST}:${info.port}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 3000).unref();
  });
}
