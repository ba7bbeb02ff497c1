import { expect } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/*
 * The e2e server's mail outbox (playwright.config.ts starts it with DATA_DIR=test-results/data-<port>;
 * without SMTP the server writes one JSON file per mail into DATA_DIR/outbox/).
 */
const PORT = Number(process.env.E2E_PORT ?? 8799);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? `test-results/data-${PORT}`;
const OUTBOX = path.resolve(E2E_DATA_DIR, 'outbox');

interface OutboxMail {
  to: string;
  subject: string;
  links: string[];
}

/**
 * The path (and query) of the link matching `pattern` in the newest mail to `to`, waiting for it
 * to arrive; the path opens on this server whatever host the mail names.
 */
export async function linkFromOutbox(to: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const names = (await readdir(OUTBOX).catch(() => [] as string[]))
          .filter((n) => n.endsWith('.json') && !n.startsWith('.'))
          .sort();
        for (const name of names.reverse()) {
          const mail = JSON.parse(await readFile(path.join(OUTBOX, name), 'utf8')) as OutboxMail;
          const link = mail.to.toLowerCase() === to.toLowerCase() ? mail.links.find((l) => pattern.test(l)) : undefined;
          if (link) {
            found = link;
            return true;
          }
        }
        return false;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  const url = new URL(found!);
  return url.pathname + url.search;
}

/** The key of the newest verification link mailed to `to`. */
export async function verifyLinkKey(to: string): Promise<string> {
  const link = await linkFromOutbox(to, /\/login\/auth\//);
  return decodeURIComponent(link.split('/login/auth/')[1] ?? '');
}
