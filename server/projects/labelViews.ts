import type { z } from 'zod';
import type { labelSchema } from '../../contract/apiProjects';
import type { AppContext } from '../context';

export type Label = z.infer<typeof labelSchema>;

/** The uniqueness key of a label name: case and surrounding blanks do not make a new name. */
export function labelKeyOf(name: string): string {
  return name.trim().toLowerCase();
}

function labelQuery(ctx: AppContext, projectId: string) {
  return ctx.db
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
export async function labelsOf(ctx: AppContext, projectId: string): Promise<Label[]> {
  return (await labelQuery(ctx, projectId).orderBy('l.position').orderBy('l.id').execute()).map(labelView);
}

/** One label of the project (null: none with that id in this project). */
export async function labelOf(ctx: AppContext, projectId: string, labelId: string): Promise<Label | null> {
  const row = await labelQuery(ctx, projectId).where('l.id', '=', labelId).executeTakeFirst();
  return row ? labelView(row) : null;
}
