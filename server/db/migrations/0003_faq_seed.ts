import type { Kysely } from 'kysely';
import { faqSeedRows } from '../../seed/faqSeed';

/*
 * A fresh server serves the same FAQ in ko and en as the site always showed. Runs once, like
 * every migration: entries an admin later edits or deletes stay as the admin left them.
 */
// Migrations must not depend on the current schema types: they see the database as it was.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** A fixed time, so the seeded rows are the same on every server. */
const SEEDED_AT = '2026-01-01T00:00:00.000Z';

export async function up(db: AnyDb): Promise<void> {
  const rows = faqSeedRows().map((r) => ({ ...r, created_at: SEEDED_AT, updated_at: SEEDED_AT }));
  await db.insertInto('faq').values(rows).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db
    .deleteFrom('faq')
    .where(
      'id',
      'in',
      faqSeedRows().map((r) => r.id),
    )
    .execute();
}
