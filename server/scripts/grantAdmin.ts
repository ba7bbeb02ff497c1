import { createDatabase } from '../db/createDatabase';
import { migrateToLatest } from '../db/migrate';
import { parseEnv } from '../env';
import { normalizeEmail } from '../users/findUser';

/*
 * `npx tsx server/scripts/grantAdmin.ts <email> [--revoke]`: gives an existing account the
 * platform admin scope (writes notices and FAQ), or takes it away. Uses the same DATA_DIR /
 * DATABASE_URL as the server. The account must exist; its tokens pick up the change at once
 * (scopes are read from the database on every request).
 */
async function main() {
  const [email, flag] = process.argv.slice(2);
  if (!email || (flag !== undefined && flag !== '--revoke')) {
    console.error('usage: npx tsx server/scripts/grantAdmin.ts <email> [--revoke]');
    process.exit(2);
  }
  const database = createDatabase(parseEnv());
  try {
    await migrateToLatest(database.db);
    const user = await database.db
      .selectFrom('users')
      .select(['id', 'scope'])
      .where('email', '=', normalizeEmail(email))
      .executeTakeFirst();
    if (!user) {
      console.error(`No account has the e-mail address ${email}.`);
      process.exitCode = 1;
      return;
    }
    const scopes = new Set(user.scope.split(',').filter(Boolean));
    scopes.add('user');
    if (flag === '--revoke') scopes.delete('admin');
    else scopes.add('admin');
    const scope = ['user', 'admin'].filter((s) => scopes.has(s)).join(',');
    await database.db
      .updateTable('users')
      .set({ scope, updated_at: new Date().toISOString() })
      .where('id', '=', user.id)
      .execute();
    console.log(`${email}: scope ${scope}`);
  } finally {
    await database.close();
  }
}

void main();
