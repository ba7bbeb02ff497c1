import { randomUUID } from 'node:crypto';
import type { Subtype } from '../../contract/apiProjects';
import type { Dialect } from '../db/createDatabase';
import type { Db } from '../db/Db';
import { forbidden, orgNotFound, orgRoleOf, roleAtLeast } from '../routes/organizationsAccess';
import { kindOfSubtype } from './projectViews';
import { newSplitSeed, type SplitRatios } from './splitAssignment';

/*
 * Creating a project, shared by the projects route and a market export into a new project, so a
 * project made either way has the same rights, split ratios and organization safety.
 */

/** Creating a project in an organization is an owner's or admin's act there (404 not a member, 403 a lower role). */
export async function requireProjectCreator(db: Db, organizationId: string, userId: string): Promise<void> {
  const role = await orgRoleOf(db, organizationId, userId);
  if (!role) throw orgNotFound();
  if (!roleAtLeast(role, 'admin')) throw forbidden();
}

/**
 * On PostgreSQL, shares the organization row's lock inside the creating transaction, so an owner
 * deleting the organization at this moment waits for the project and then finds the organization
 * not empty (404 when it is already gone). SQLite runs one writer at a time and needs none.
 */
export async function lockOrganization(trx: Db, dialect: Dialect, organizationId: string): Promise<void> {
  if (dialect !== 'postgres') return;
  const org = await trx
    .selectFrom('organizations')
    .select('id')
    .where('id', '=', organizationId)
    .forShare()
    .executeTakeFirst();
  if (!org) throw orgNotFound();
}

/** Writes a new project with the default split ratios (70/20/10, a fresh seed); its creator is its admin. */
export async function insertProject(
  trx: Db,
  input: {
    title: string;
    description: string;
    subtype: string;
    organizationId: string | null;
    userId: string;
    now: string;
  },
): Promise<{ id: string; ratios: SplitRatios }> {
  const id = randomUUID();
  const ratios: SplitRatios = { train: 70, validation: 20, test: 10, seed: newSplitSeed() };
  await trx
    .insertInto('projects')
    .values({
      id,
      organization_id: input.organizationId,
      title: input.title,
      description: input.description,
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
  return { id, ratios };
}
