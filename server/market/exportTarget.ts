import type { Transaction } from 'kysely';
import type { ResourceExport } from '../../contract/apiMarket';
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
import { insertProject, lockOrganization, requireProjectCreator } from '../projects/createProject';
import type { SplitRatios } from '../projects/splitAssignment';

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
      await requireProjectCreator(trx, organizationId, userId);
      await lockOrganization(trx, dialect, organizationId);
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
  const { id, ratios } = await insertProject(trx, { ...input, description: '' });
  return { projectId: id, subtype: input.subtype, account: input.account, ratios, created: true };
}
