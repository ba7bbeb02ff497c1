import type { Kysely } from 'kysely';
import type { ResourceSources } from '../../contract/apiMarket';
import type { Database } from '../db/schema';
import { readDatasetSnapshot } from './datasetSnapshot';
import { REPOSTABLE_STATES } from './postResource';

/*
 * What a user may post (spec 6: only projects where the user is admin, directly or as an owner or
 * admin of the project's organization), with their counts, their models and what of it is already
 * on the market. The dataset's fingerprint is worked out only for a project with a live dataset
 * posting, so the list costs a snapshot read only where the answer could be "posted".
 */

export async function resourceSources(db: Kysely<Database>, userId: string): Promise<ResourceSources> {
  const projects = await db
    .selectFrom('projects as p')
    .leftJoin('project_members as pm', (j) => j.onRef('pm.project_id', '=', 'p.id').on('pm.user_id', '=', userId))
    .leftJoin('organization_members as om', (j) =>
      j.onRef('om.organization_id', '=', 'p.organization_id').on('om.user_id', '=', userId),
    )
    .select(['p.id', 'p.title', 'p.kind', 'p.subtype'])
    .where('p.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('pm.role', '=', 'admin'), eb('om.role', 'in', ['owner', 'admin'])]))
    .orderBy('p.updated_at', 'desc')
    .orderBy('p.id')
    .execute();
  if (projects.length === 0) return { projects: [] };
  const ids = projects.map((p) => p.id);

  const [imageCounts, annotationCounts, labelCounts, models, live] = await Promise.all([
    db
      .selectFrom('images')
      .select(['project_id', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('project_id', 'in', ids)
      .where('state', '=', 'ready')
      .groupBy('project_id')
      .execute(),
    db
      .selectFrom('annotations as a')
      .innerJoin('images as i', 'i.id', 'a.image_id')
      .select(['i.project_id', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('i.project_id', 'in', ids)
      .where('i.state', '=', 'ready')
      .where('a.source', '=', 'person')
      .groupBy('i.project_id')
      .execute(),
    db
      .selectFrom('labels')
      .select(['project_id', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('project_id', 'in', ids)
      .groupBy('project_id')
      .execute(),
    db
      .selectFrom('models')
      .select(['id', 'project_id', 'tag', 'network', 'task', 'created_at'])
      .where('project_id', 'in', ids)
      // A bought model is the buyer's to use, not to post again.
      .where('resource_id', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('resources')
      .select(['project_id', 'kind', 'fingerprint', 'seller_id', 'approval'])
      .where('project_id', 'in', ids)
      .where('deleted_at', 'is', null)
      .execute(),
  ]);
  const countOf = (rows: { project_id: string; n: string | number }[]) =>
    new Map(rows.map((r) => [r.project_id, Number(r.n)]));
  const images = countOf(imageCounts);
  const annotations = countOf(annotationCounts);
  const labels = countOf(labelCounts);
  // The caller's own rejected or failed posting does not count: posting again replaces it.
  const holding = live.filter((r) => !(r.seller_id === userId && REPOSTABLE_STATES.includes(r.approval)));
  const liveFingerprints = new Set(holding.map((r) => r.fingerprint));
  const withDataset = new Set(holding.filter((r) => r.kind === 'dataset').map((r) => r.project_id));

  const out: ResourceSources['projects'] = [];
  for (const p of projects) {
    const datasetPosted =
      withDataset.has(p.id) && liveFingerprints.has((await readDatasetSnapshot(db, p.id)).fingerprint);
    out.push({
      id: p.id,
      title: p.title,
      kind: p.kind,
      subtype: p.subtype,
      images: images.get(p.id) ?? 0,
      annotations: annotations.get(p.id) ?? 0,
      labels: labels.get(p.id) ?? 0,
      datasetPosted,
      models: models
        .filter((m) => m.project_id === p.id)
        .map((m) => ({
          id: m.id,
          tag: m.tag,
          network: m.network,
          task: m.task,
          createdAt: m.created_at,
          posted: liveFingerprints.has(`model:${m.id}`),
        })),
    });
  }
  return { projects: out };
}
