import type { Kysely } from 'kysely';
import { trainingCreateSchema, type TrainingCreate } from '../../contract/apiTraining';
import { billingAccountOfProject } from '../billing/billingAccount';
import { requireRoom } from '../billing/requireRoom';
import type { Database } from '../db/schema';
import { ApiError } from '../http/ApiError';
import { createTraining } from './createTraining';

/*
 * The learning schedule of project settings (schedule_enabled, schedule_cycle): on its cycle a
 * project gets a training with the settings of its last one, when a person labeled something
 * since that training was created. Days and weekends are UTC calendar days, the same on every
 * server whatever its time zone.
 */

export interface ScheduleRow {
  id: string;
  schedule_enabled: number;
  schedule_cycle: string | null;
  schedule_last_run: string | null;
}

const DAY_MS = 86_400_000;
const startOfUtcDay = (t: Date) => Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate());

/**
 * Whether a cycle is due at `now` given its last run: 'everyday' once per UTC day; 'weekend'
 * once per weekend, on its Saturday or Sunday; 'week' once 7 days have passed. Never run: due at
 * once (on a weekend day for 'weekend').
 */
export function isDue(now: Date, cycle: string | null, lastRun: string | null): boolean {
  const last = lastRun ? Date.parse(lastRun) : Number.NaN;
  const never = Number.isNaN(last);
  switch (cycle) {
    case 'everyday':
      return never || last < startOfUtcDay(now);
    case 'weekend': {
      const day = now.getUTCDay();
      if (day !== 6 && day !== 0) return false;
      const saturday = startOfUtcDay(now) - (day === 0 ? DAY_MS : 0);
      return never || last < saturday;
    }
    case 'week':
      return never || now.getTime() - last >= 7 * DAY_MS;
    default:
      return false;
  }
}

/** The ids of the enabled projects whose cycle is due at `now`. */
export function dueProjects(now: Date, rows: readonly ScheduleRow[]): string[] {
  return rows
    .filter((r) => Number(r.schedule_enabled) === 1 && isDue(now, r.schedule_cycle, r.schedule_last_run))
    .map((r) => r.id);
}

export type ScheduleOutcome = 'queued' | 'unchanged' | 'no_training' | 'refused' | 'no_trainer' | 'taken';

export interface ScheduleDeps {
  db: Kysely<Database>;
  now: () => Date;
  log?: (message: string, error?: unknown) => void;
  /** The server's PLAN_LIMITS: 'enforce' skips a cycle once the account's training hours are used (default 'off'). */
  planLimits?: 'enforce' | 'off';
}

/**
 * The last training's settings made fit for today: labels deleted since are dropped, and a
 * previous model deleted since is replaced by the shipped backbone. Null when they no longer parse.
 */
async function settingsToRepeat(deps: ScheduleDeps, projectId: string, text: string): Promise<TrainingCreate | null> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = trainingCreateSchema.safeParse(raw);
  if (!parsed.success) return null;
  const settings = parsed.data;
  const labels = await deps.db
    .selectFrom('labels')
    .select('id')
    .where('project_id', '=', projectId)
    .where('id', 'in', settings.labelIds)
    .execute();
  if (labels.length === 0) return null;
  const kept = new Set(labels.map((l) => l.id));
  let pretrained = settings.pretrained;
  if (pretrained.kind === 'model') {
    const model = await deps.db
      .selectFrom('models')
      .select('id')
      .where('project_id', '=', projectId)
      .where('id', '=', pretrained.modelId)
      .executeTakeFirst();
    if (!model) pretrained = { kind: 'backbone', backbone: 'mobilenet-v2' };
  }
  return { ...settings, labelIds: settings.labelIds.filter((id) => kept.has(id)), pretrained };
}

/**
 * One due project: claims this cycle (compare-and-set on schedule_last_run, so two API processes
 * never both queue), then queues a training with the last one's settings if a person labeled
 * something since it was created. No trainer online gives the claim back, so the next tick
 * tries again; any other refusal (too few images, settings that no longer fit) waits for the next
 * cycle.
 */
export async function runScheduledProject(
  deps: ScheduleDeps,
  project: ScheduleRow & { subtype: string },
): Promise<ScheduleOutcome> {
  const { db } = deps;
  const at = deps.now().toISOString();
  const claim = db.updateTable('projects').set({ schedule_last_run: at }).where('id', '=', project.id);
  const claimed = await (
    project.schedule_last_run === null
      ? claim.where('schedule_last_run', 'is', null)
      : claim.where('schedule_last_run', '=', project.schedule_last_run)
  ).executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return 'taken';

  const last = await db
    .selectFrom('trainings')
    .select(['settings', 'created_at', 'created_by'])
    .where('project_id', '=', project.id)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!last) return 'no_training';
  const changed = await db
    .selectFrom('annotations as a')
    .innerJoin('images as i', 'i.id', 'a.image_id')
    .select('a.id')
    .where('i.project_id', '=', project.id)
    .where('i.state', '=', 'ready')
    .where('a.source', '=', 'person')
    .where('a.updated_at', '>', last.created_at)
    .limit(1)
    .executeTakeFirst();
  if (!changed) return 'unchanged';
  const settings = await settingsToRepeat(deps, project.id, last.settings);
  if (!settings) return 'refused';
  try {
    const account = (await billingAccountOfProject(db, project.id)) ?? '';
    await requireRoom(
      { db, config: { PLAN_LIMITS: deps.planLimits ?? 'off' }, now: deps.now },
      account,
      'trainingHours',
      0,
    );
    await createTraining(db, deps.now, {
      project: { id: project.id, subtype: project.subtype },
      settings,
      createdBy: last.created_by,
      trigger: 'schedule',
    });
    return 'queued';
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code !== 'trainer_unavailable') return 'refused';
    await db
      .updateTable('projects')
      .set({ schedule_last_run: project.schedule_last_run })
      .where('id', '=', project.id)
      .where('schedule_last_run', '=', at)
      .execute();
    return 'no_trainer';
  }
}

/** One pass over every project with a schedule; returns what happened to each due one. */
export async function scheduleTick(deps: ScheduleDeps): Promise<Map<string, ScheduleOutcome>> {
  const rows = await deps.db
    .selectFrom('projects')
    .select(['id', 'subtype', 'schedule_enabled', 'schedule_cycle', 'schedule_last_run'])
    .where('schedule_enabled', '=', 1)
    .where('deleted_at', 'is', null)
    .execute();
  const due = new Set(dueProjects(deps.now(), rows));
  const outcomes = new Map<string, ScheduleOutcome>();
  for (const row of rows) {
    if (!due.has(row.id)) continue;
    try {
      outcomes.set(row.id, await runScheduledProject(deps, row));
    } catch (error) {
      (deps.log ?? console.error)(`Learning schedule: project ${row.id} failed`, error);
    }
  }
  return outcomes;
}

/**
 * Runs `scheduleTick` every `intervalMs` (default a minute) in the API process; `onQueued` wakes
 * an in-process trainer. Returns the function that stops it.
 */
export function startLearningSchedule(deps: ScheduleDeps & { intervalMs?: number; onQueued?: () => void }): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    scheduleTick(deps)
      .then((outcomes) => {
        if ([...outcomes.values()].includes('queued')) deps.onQueued?.();
      })
      .catch((error: unknown) => (deps.log ?? console.error)('Learning schedule: tick failed', error))
      .finally(() => {
        running = false;
      });
  };
  const every = setInterval(tick, deps.intervalMs ?? 60_000);
  every.unref();
  return () => clearInterval(every);
}
