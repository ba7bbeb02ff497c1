import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { PROJECT_LABELS_MAX } from '../../contract/apiMarket';
import { pickLabelColors } from '../../contract/color';
import { hexColor } from '../../contract/datasetFormat/planLabelColors';
import type { Database } from '../db/schema';
import { ApiError } from '../http/ApiError';
import { labelKeyOf } from '../projects/labelViews';

export interface MergedLabels {
  /** Name key (labelKeyOf) → the project's label id, for every wanted name. */
  ids: Map<string, string>;
  /** How many label classes the project gained. */
  added: number;
}

export const labelRoomError = () =>
  new ApiError('label_room', `The project would hold more than ${PROJECT_LABELS_MAX} label classes.`);

/**
 * Merges label classes into a project, inside the caller's transaction: a name the project has
 * (trimmed, case-blind, as labels.name_key) is reused with its own colour; a new one keeps its
 * colour unless a label of the project already uses it (colours are unique per project), then it
 * takes the next unused palette colour, as a dataset import does. 409 `label_room` before
 * anything is written when the project would pass PROJECT_LABELS_MAX.
 */
export async function mergeLabels(
  trx: Transaction<Database>,
  projectId: string,
  wanted: readonly { name: string; color: string }[],
  now: string,
): Promise<MergedLabels> {
  const rows = await trx
    .selectFrom('labels')
    .select(['id', 'name_key', 'color', 'position'])
    .where('project_id', '=', projectId)
    .execute();
  const ids = new Map(rows.map((l) => [l.name_key, l.id]));
  const missing: { name: string; color: string | null }[] = [];
  const seen = new Set<string>();
  for (const label of wanted) {
    const key = labelKeyOf(label.name);
    if (ids.has(key) || seen.has(key)) continue;
    seen.add(key);
    missing.push({ name: label.name.trim(), color: hexColor(label.color) });
  }
  if (rows.length + missing.length > PROJECT_LABELS_MAX) throw labelRoomError();
  if (missing.length === 0) return { ids, added: 0 };

  const used = new Set(rows.map((l) => l.color.toLowerCase()));
  const given = new Map<string, string>();
  for (const label of missing) {
    if (!label.color || used.has(label.color)) continue;
    used.add(label.color);
    given.set(label.name, label.color);
  }
  const palette = pickLabelColors(missing.length - given.size, used);
  let position = rows.reduce((max, l) => Math.max(max, Number(l.position)), -1) + 1;
  const values = missing.map((label) => {
    const id = randomUUID();
    ids.set(labelKeyOf(label.name), id);
    return {
      id,
      project_id: projectId,
      name: label.name,
      name_key: labelKeyOf(label.name),
      color: given.get(label.name) ?? palette.shift() ?? '#000000',
      position: position++,
      created_at: now,
    };
  });
  await trx.insertInto('labels').values(values).execute();
  return { ids, added: values.length };
}
