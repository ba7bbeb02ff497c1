import { createDatabase } from '../server/db/createDatabase';
import { migrateToLatest } from '../server/db/migrate';
import { parseEnv } from '../server/env';
import { DEMO_ORGANIZATION, seedDemo } from '../server/seed/demoSeed';

/*
 * `npm run seed:demo`: the demo organization, accounts and notices (server/seed/demoSeed.ts) in
 * the database the server uses (DATA_DIR or DATABASE_URL, as `npm start` reads them).
 */

async function main() {
  const env = parseEnv();
  const database = createDatabase(env);
  try {
    await migrateToLatest(database.db);
    const result = await seedDemo(database.db);
    console.log(
      `Demo data ready (${database.dialect}): organization "${DEMO_ORGANIZATION.name}", ${result.notices} notices.`,
    );
    console.log('Demo-only accounts (public passwords, never use them for real data):');
    console.table(result.accounts);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
