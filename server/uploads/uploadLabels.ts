import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** How labels are keyed for uniqueness (labels.name_key). */
export const labelNameKey = (name: string) => name.trim().toLowerCase();

/** The project's label whose name is `name` (case and surrounding spaces ignored), if any. */
export async function findLabelByName(db: Kysely<Database> | Transaction<Database>, projectId: string, name: string) {
  return db
    .selectFrom('labels')
    .select(['id', 'name'])
    .where('project_id', '=', projectId)
    .where('name_key', '=', labelNameKey(name))
    .executeTakeFirst();
}
