import type { Label } from '../../../../../contract/apiProjects';

/** The project's labels by id (names and colours of the evaluation's label ids). */
export type LabelMap = ReadonlyMap<string, Pick<Label, 'id' | 'name' | 'color'>>;

export function labelMapOf(labels: readonly Pick<Label, 'id' | 'name' | 'color'>[] | undefined): LabelMap {
  return new Map((labels ?? []).map((l) => [l.id, l]));
}
