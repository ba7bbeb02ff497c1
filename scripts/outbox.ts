// `npm run outbox [-- --count N] [-- --to address]`: prints the latest mails the server wrote to
// DATA_DIR/outbox/ (used when SMTP_URL is not set), newest last, with their links.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readOutbox } from '../server/mail/OutboxMailer';

const { values } = parseArgs({
  options: { count: { type: 'string', short: 'n', default: '5' }, to: { type: 'string' } },
});
const dataDir = process.env.DATA_DIR ?? 'data';
const mails = await readOutbox(path.join(dataDir, 'outbox'), values.to);
const count = Math.max(1, Number(values.count) || 5);
if (mails.length === 0) console.log(`No mails in ${path.join(dataDir, 'outbox')}.`);
for (const mail of mails.slice(-count)) {
  console.log(`── ${mail.createdAt}  to ${mail.to}\n   ${mail.subject}`);
  for (const link of mail.links) console.log(`   ${link}`);
  console.log();
}
