import { FINAL_TRAINING_STATUSES } from '../../contract/apiTraining';
import type { PlanLimitKind } from '../../contract/apiPayments';
import type { Db } from '../db/Db';
import { personalUserOf } from './billingAccount';

export type Usage = Record<PlanLimitKind, number>;

const HOUR_MS = 3_600_000;
/** Korea Standard Time has no daylight saving: always UTC+9. */
const KST_OFFSET_MS = 9 * HOUR_MS;

/** The start of the calendar month (in KST) that `now` falls in, as an instant. */
export function kstMonthStart(now: Date): Date {
  const kst = new Date(now.getTime() + KST_OFFSET_MS);
  return new Date(Date.UTC(kst.getUTCFullYear(), kst.getUTCMonth(), 1) - KST_OFFSET_MS);
}

/** The ids of the account's projects (a subquery): its organization's, or the user's personal ones. */
export function accountProjectIds(db: Db, account: string, opts: { live: boolean }) {
  const userId = personalUserOf(account);
  let query = db.selectFrom('projects').select('projects.id');
  query = userId
    ? query.where('projects.organization_id', 'is', null).where('projects.created_by', '=', userId)
    : query.where('projects.organization_id', '=', account);
  return opts.live ? query.where('projects.deleted_at', 'is', null) : query;
}

/** Bytes stored for the account's live projects: image originals and model zips. */
export async function storageBytes(db: Db, account: string): Promise<number> {
  const [images, models] = await Promise.all([
    db
      .selectFrom('images')
      .select((eb) => eb.fn.sum<number | string | null>('bytes').as('n'))
      .where('project_id', 'in', accountProjectIds(db, account, { live: true }))
      .executeTakeFirst(),
    db
      .selectFrom('models')
      .select((eb) => eb.fn.sum<number | string | null>('bytes').as('n'))
      .where('project_id', 'in', accountProjectIds(db, account, { live: true }))
      .executeTakeFirst(),
  ]);
  return Number(images?.n ?? 0) + Number(models?.n ?? 0);
}

/**
 * Training hours the account used in the calendar month (KST) of `now`: each training started
 * this month counts from its start to its end, or to now while it runs. Trainings of projects
 * deleted since still count: the hours were used.
 */
export async function trainingHours(db: Db, account: string, now: Date): Promise<number> {
  const rows = await db
    .selectFrom('trainings')
    .select(['started_at', 'ended_at', 'updated_at', 'status'])
    .where('project_id', 'in', accountProjectIds(db, account, { live: false }))
    .where('started_at', '>=', kstMonthStart(now).toISOString())
    .execute();
  let ms = 0;
  for (const row of rows) {
    if (!row.started_at) continue;
    const final = (FINAL_TRAINING_STATUSES as readonly string[]).includes(row.status);
    // A finished training without an end time stopped at its last write.
    const end = row.ended_at ?? (final ? row.updated_at : now.toISOString());
    ms += Math.max(0, Date.parse(end) - Date.parse(row.started_at));
  }
  return ms / HOUR_MS;
}

/** Live points of the account's live projects of one kind. */
export async function pointCount(db: Db, account: string, kind: 'edge' | 'web'): Promise<number> {
  const row = await db
    .selectFrom('points')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('kind', '=', kind)
    .where('deleted_at', 'is', null)
    .where('project_id', 'in', accountProjectIds(db, account, { live: true }))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Live projects of the account. */
export async function projectCount(db: Db, account: string): Promise<number> {
  const row = await db
    .selectFrom('projects')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('id', 'in', accountProjectIds(db, account, { live: true }))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** What one limit counts for the account now. */
export function usageOf(db: Db, account: string, kind: PlanLimitKind, now: Date): Promise<number> {
  switch (kind) {
    case 'projects':
      return projectCount(db, account);
    case 'storage':
      return storageBytes(db, account);
    case 'trainingHours':
      return trainingHours(db, account, now);
    case 'edgePoints':
      return pointCount(db, account, 'edge');
    case 'webPoints':
      return pointCount(db, account, 'web');
  }
}

/** Everything the plan limits count, for the billing page. */
export async function usage(db: Db, account: string, now: Date): Promise<Usage> {
  const [projects, storage, hours, edgePoints, webPoints] = await Promise.all([
    projectCount(db, account),
    storageBytes(db, account),
    trainingHours(db, account, now),
    pointCount(db, account, 'edge'),
    pointCount(db, account, 'web'),
  ]);
  return { projects, storage, trainingHours: hours, edgePoints, webPoints };
}
