import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Mail, Mailer } from './Mailer';

export const outboxMailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/**
 * Mail without an SMTP server: one JSON file per mail in a folder, named
 * `<ISO time>-<random>.json` so that names sort by time. Written to a temp name first, so a
 * reader never sees half a file. `npm run outbox` prints the latest.
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly dir: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(mail: Mail): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const createdAt = this.now().toISOString();
    const name = `${createdAt.replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`;
    const record: OutboxMail = { ...mail, createdAt };
    const tmp = path.join(this.dir, `.${name}.tmp`);
    await writeFile(tmp, JSON.stringify(record, null, 2));
    await rename(tmp, path.join(this.dir, name));
  }
}

/** The mails in an outbox folder, oldest first (optionally only those to `to`). */
export async function readOutbox(dir: string, to?: string): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json') && !n.startsWith('.')).sort();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  const mails = await Promise.all(
    names.map(async (n) => outboxMailSchema.parse(JSON.parse(await readFile(path.join(dir, n), 'utf8')))),
  );
  return to ? mails.filter((m) => m.to.toLowerCase() === to.toLowerCase()) : mails;
}
