import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { ResourceExport } from '../../contract/apiMarket';
import type { Subtype } from '../../contract/apiProjects';
import { V } from '../../contract/validationMessages';
import { billingAccountOf, personalAccount } from '../billing/billingAccount';
import type { Dialect } from '../db/createDatabase';
import type { Database } from '../db/schema';
import { ApiError } from '../http/ApiError';
import {
  effectiveRole,
  projectAccessRow,
  projectForbidden,
  projectGone,
  projectNotFound,
} from '../projects/projectAccess';
import { kindOfSubtype } from '../projects/projectViews';
import { newSplitSeed, type SplitRatios } from '../projects/splitAssignment';
import { forbidden, orgNotFound, orgRoleOf, roleAtLeast } from '../routes/organizationsAccess';

/** The project an export writes into. */
export interface ExportTarget {
  projectId: string;
  subtype: string;
  /** The billing account its storage (and, when new, the project itself) counts against. */
  account: string;
  ratios: SplitRatios;
  created: boolean;
}

export const targetMismatch = () =>
  new ApiError('validation', 'The project does not fit the resource.', { fields: { projectId: V.resourceTarget } });

/**
 * Checks the export's target before anything is written: an existing project where the buyer is
 * admin (404 unknown, 410 deleted, 403 a lower role), or, for a new one, the organization where
 * the buyer may create projects (404 not a member, 403 not owner or admin).
 */
export async function checkExportTarget(
  trx: Transaction<Database>,
  dialect: Dialect,
  userId: string,
  target: ResourceExport,
): Promise<
  | { kind: 'new'; account: string; organizationId: string | null; title: string }
  | { kind: 'existing'; target: ExportTarget }
> {
  if (target.target === 'new') {
    const organizationId = target.organizationId ?? null;
    if (organizationId) {
      const role = await orgRoleOf(trx, organizationId, userId);
      if (!role) throw orgNotFound();
      if (!roleAtLeast(role, 'admin')) throw forbidden();
      if (dialect === 'postgres') {
        // As the projects route does: an owner deleting the organization now waits for this project.
        const org = await trx
          .selectFrom('organizations')
          .select('id')
          .where('id', '=', organizationId)
          .forShare()
          .executeTakeFirst();
        if (!org) throw orgNotFound();
      }
    }
    return { kind: 'new', account: organizationId ?? personalAccount(userId), organizationId, title: target.title };
  }
  const access = await projectAccessRow(trx, target.projectId, userId);
  const role = access ? effectiveRole(access.member_role, access.org_role) : null;
  if (!access || !role) throw projectNotFound();
  if (access.deleted_at) throw projectGone();
  if (role !== 'admin') throw projectForbidden();
  const project = await trx
    .selectFrom('projects')
    .select([
      'id',
      'subtype',
      'organization_id',
      'created_by',
      'split_train',
      'split_validation',
      'split_test',
      'split_seed',
    ])
    .where('id', '=', target.projectId)
    .executeTakeFirstOrThrow();
  return {
    kind: 'existing',
    target: {
      projectId: project.id,
      subtype: project.subtype,
      account: billingAccountOf(project),
      ratios: {
        train: project.split_train,
        validation: project.split_validation,
        test: project.split_test,
        seed: project.split_seed,
      },
      created: false,
    },
  };
}

/** Creates the export's new project as the projects route does: the buyer is its admin, default split ratios. */
export async function createExportProject(
  trx: Transaction<Database>,
  input: {
    title: string;
    subtype: string;
    organizationId: string | null;
    account: string;
    userId: string;
    now: string;
  },
): Promise<ExportTarget> {
  const id = randomUUID();
  const ratios: SplitRatios = { train: 70, validation: 20, test: 10, seed: newSplitSeed() };
  await trx
    .insertInto('projects')
    .values({
      id,
      organization_id: input.organizationId,
      title: input.title,
      description: '',
      kind: kindOfSubtype(input.subtype as Subtype),
      subtype: input.subtype,
      split_train: ratios.train,
      split_validation: ratios.validation,
      split_test: ratios.test,
      split_seed: ratios.seed,
      schedule_enabled: 0,
      schedule_cycle: null,
      created_by: input.userId,
      created_at: input.now,
      updated_at: input.now,
    })
    .execute();
  await trx
    .insertInto('project_members')
    .values({ project_id: id, user_id: input.userId, role: 'admin', joined_at: input.now })
    .execute();
  return { projectId: id, subtype: input.subtype, account: input.account, ratios, created: true };
}
