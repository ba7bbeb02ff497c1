import { REPEAT_CYCLES, type RepeatCycle } from '../../contract/validation';
import { SUBTYPES, SUBTYPES_BY_KIND, type DataKind, type Project, type Subtype } from '../../contract/apiProjects';
import type { Db } from '../db/Db';
import { effectiveRole, projectRoleAtLeast } from './projectAccess';

/** The data kind a subtype belongs to (the subtype decides it; clients never send the kind). */
export function kindOfSubtype(subtype: Subtype): DataKind {
  for (const [kind, subtypes] of Object.entries(SUBTYPES_BY_KIND) as [DataKind, readonly string[]][]) {
    if (subtypes.includes(subtype)) return kind;
  }
  throw new Error(`unknown subtype ${subtype}`);
}

const isSubtype = (v: string): v is Subtype => (SUBTYPES as readonly string[]).includes(v);
const isCycle = (v: string | null): v is RepeatCycle => v !== null && (REPEAT_CYCLES as readonly string[]).includes(v);

/** Projects with the caller's roles and the counts the list shows, not deleted. */
function projectQuery(db: Db, userId: string) {
  return db
    .selectFrom('projects as p')
    .leftJoin('project_members as pm', (j) => j.onRef('pm.project_id', '=', 'p.id').on('pm.user_id', '=', userId))
    .leftJoin('organization_members as om', (j) =>
      j.onRef('om.organization_id', '=', 'p.organization_id').on('om.user_id', '=', userId),
    )
    .selectAll('p')
    .select(['pm.role as member_role', 'om.role as org_role'])
    .select((eb) => [
      eb
        .selectFrom('images as i')
        .whereRef('i.project_id', '=', 'p.id')
        .select(eb.fn.countAll<string | number>().as('n'))
        .as('image_count'),
      eb
        .selectFrom('images as i')
        .whereRef('i.project_id', '=', 'p.id')
        .where('i.labeled', '=', 1)
        .select(eb.fn.countAll<string | number>().as('n'))
        .as('labeled_count'),
      eb
        .selectFrom('labels as l')
        .whereRef('l.project_id', '=', 'p.id')
        .select(eb.fn.countAll<string | number>().as('n'))
        .as('label_count'),
    ])
    .where('p.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('pm.role', 'is not', null), eb('om.role', 'in', ['owner', 'admin'])]));
}

type ProjectQueryRow = Awaited<ReturnType<ReturnType<typeof projectQuery>['execute']>>[number];

function projectView(r: ProjectQueryRow): Project | null {
  const role = effectiveRole(r.member_role, r.org_role);
  if (!role || !isSubtype(r.subtype)) return null;
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    kind: kindOfSubtype(r.subtype),
    subtype: r.subtype,
    organizationId: r.organization_id,
    role,
    imageCount: Number(r.image_count ?? 0),
    labeledCount: Number(r.labeled_count ?? 0),
    labelCount: Number(r.label_count ?? 0),
    split: { train: r.split_train, validation: r.split_validation, test: r.split_test, seed: Number(r.split_seed) },
    schedule: { enabled: r.schedule_enabled === 1, cycle: isCycle(r.schedule_cycle) ? r.schedule_cycle : null },
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** The caller's projects, newest first; `adminOnly`: those the caller administers. */
export async function projectsOf(db: Db, userId: string, adminOnly = false): Promise<Project[]> {
  const rows = await projectQuery(db, userId).orderBy('p.created_at', 'desc').orderBy('p.id').execute();
  return rows
    .map(projectView)
    .filter((p): p is Project => p !== null && (!adminOnly || projectRoleAtLeast(p.role, 'admin')));
}

/** One project as the caller sees it (null: not theirs or deleted). */
export async function projectOf(db: Db, projectId: string, userId: string): Promise<Project | null> {
  const row = await projectQuery(db, userId).where('p.id', '=', projectId).executeTakeFirst();
  return row ? projectView(row) : null;
}
