import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { ANNOTATION_INSERT_CHUNK } from '../projects/annotationViews';

/** Rows per statement: far under SQLite's parameter limit. */
const TAG_INSERT_CHUNK = 200;

/** Links each image to its tags, creating the project's tag names it lacks (names are shared). */
export async function insertImportTags(
  trx: Transaction<Database>,
  projectId: string,
  images: readonly { id: string; tags: readonly string[] }[],
) {
  const names = [...new Set(images.flatMap((i) => i.tags))];
  if (names.length === 0) return;
  const ids = new Map<string, string>();
  for (let i = 0; i < names.length; i += TAG_INSERT_CHUNK) {
    const chunk = names.slice(i, i + TAG_INSERT_CHUNK);
    await trx
      .insertInto('tags')
      .values(chunk.map((name) => ({ id: randomUUID(), project_id: projectId, name })))
      .onConflict((oc) => oc.columns(['project_id', 'name']).doNothing())
      .execute();
    const rows = await trx
      .selectFrom('tags')
      .select(['id', 'name'])
      .where('project_id', '=', projectId)
      .where('name', 'in', chunk)
      .execute();
    for (const row of rows) ids.set(row.name, row.id);
  }
  const links = images.flatMap((image) =>
    image.tags.flatMap((name) => {
      const tagId = ids.get(name);
      return tagId ? [{ image_id: image.id, tag_id: tagId }] : [];
    }),
  );
  for (let i = 0; i < links.length; i += ANNOTATION_INSERT_CHUNK) {
    await trx
      .insertInto('image_tags')
      .values(links.slice(i, i + ANNOTATION_INSERT_CHUNK))
      .execute();
  }
}
