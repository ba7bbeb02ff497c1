import path from 'node:path';
import type { ServerEnv } from '../env';
import type { Mailer } from './Mailer';
import { OutboxMailer } from './OutboxMailer';
import { SmtpMailer } from './SmtpMailer';

export function createMailer(env: ServerEnv): Mailer {
  return env.SMTP_URL
    ? new SmtpMailer(env.SMTP_URL, env.MAIL_FROM)
    : new OutboxMailer(path.join(env.DATA_DIR, 'outbox'));
}
