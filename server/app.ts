import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { isKnownPage, splitLocale } from '../contract/routes';
import type { ServerEnv } from './env';
import { securityHeaders } from './securityHeaders';

export interface AppOptions {
  env: Pick<ServerEnv, 'DIST_DIR' | 'CHAT_SCRIPT_ORIGIN'>;
}

/**
 * The HTTP app: API under /api, the built client for everything else. Unknown pages get the app
 * shell with status 404 (the client renders the Not Found page), so crawlers and tools see the truth.
 */
export function createApp({ env }: AppOptions) {
  const app = new Hono();
  const distDir = path.resolve(env.DIST_DIR);
  let shell: Promise<string> | null = null;
  const readShell = () => (shell ??= readFile(path.join(distDir, 'index.html'), 'utf8').catch((e: unknown) => {
    shell = null;
    throw e;
  }));

  app.use('*', securityHeaders(env.CHAT_SCRIPT_ORIGIN));
  app.use('*', compress());

  app.get('/api/health', (c) => c.json({ status: 'ok' }));
  app.all('/api/*', (c) => c.json({ error: { code: 'not_found', message: 'No such API route' } }, 404));

  // Hashed build assets never change; everything else must be revalidated (index.html, sw.js).
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('*', serveStatic({
    root: path.relative(process.cwd(), distDir) || '.',
    onFound: (p, c) => {
      if (!p.includes(`${path.sep}assets${path.sep}`)) c.header('Cache-Control', 'no-cache');
    },
  }));

  app.get('*', async (c) => {
    const { path: page } = splitLocale(c.req.path);
    const known = isKnownPage(page);
    let html: string;
    try {
      html = await readShell();
    } catch {
      return c.text('The client is not built. Run `npm run build` first.', 503);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(html, known ? 200 : 404);
  });

  app.onError((err, c) => {
    console.error(err);
    return c.json({ error: { code: 'internal', message: 'An error has occurred in the server.' } }, 500);
  });

  return app;
}
