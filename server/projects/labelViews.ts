import type { z } from 'zod';
import type { labelSchema } from '../../contract/apiProjects';
import type { Db } from '../db/Db';

export type Label = z.infer<typeof labelSchema>;

/** The uniqueness key of a label name: case and surrounding blanks do not make a new name. */
export function labelKeyOf(name: string): string {
  return name.trim().toLowerCase();
}

function labelQuery(db: Db, projectId: string) {
  return db
    .selectFrom('labels as l')
    .select(['l.id', 'l.name', 'l.color', 'l.position'])
    .select((eb) =>
      eb
        .selectFrom('annotations as a')
        .whereRef('a.label_id', '=', 'l.id')
        .select(eb.fn.countAll<string | number>().as('n'))
        .as('annotation_count'),
    )
    .where('l.project_id', '=', projectId);
}

type LabelRow = Awaited<ReturnType<ReturnType<typeof labelQuery>['execute']>>[number];

const labelView = (r: LabelRow): Label => ({
  id: r.id,
  name: r.name,
  color: r.color,
  position: Number(r.position),
  annotationCount: Number(r.annotation_count ?? 0),
});

/** The project's labels in the order they were made, with their annotation counts. */
export async function labelsOf(db: Db, projectId: string): Promise<Label[]> {
  return (await labelQuery(db, projectId).orderBy('l.position').orderBy('l.id').execute()).map(labelView);
}

/** One label of the project (null: none with that id in this project). */
export async function labelOf(db: Db, projectId: string, labelId: string): Promise<Label | null> {
  const row = await labelQuery(db, projectId).where('l.id', '=', labelId).executeTakeFirst();
  return row ? labelView(row) : null;
}
