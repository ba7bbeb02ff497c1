import type { Db } from '../db/Db';
import { labelKeyOf } from '../projects/labelViews';

/** The project's label whose name is `name` (case and surrounding spaces ignored), if any. */
export async function findLabelByName(db: Db, projectId: string, name: string) {
  return db
    .selectFrom('labels')
    .select(['id', 'name'])
    .where('project_id', '=', projectId)
    .where('name_key', '=', labelKeyOf(name))
    .executeTakeFirst();
}
