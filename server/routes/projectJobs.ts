import { Hono } from 'hono';
import { JOB_STATES, type jobSchema } from '../../contract/apiProjects';
import type { z } from 'zod';
import type { AppContext } from '../context';
import type { JobsTable } from '../db/schema';
import { requireUser } from '../http/requireUser';
import { requireProjectRole, type ProjectEnv } from '../projects/projectAccess';

type JobView = z.infer<typeof jobSchema>;

function jobViewOf(row: JobsTable): JobView {
  return {
    id: row.id,
    kind: row.kind,
    state: (JOB_STATES as readonly string[]).includes(row.state) ? (row.state as JobView['state']) : 'failed',
    progress: Number(row.progress),
    attempts: Number(row.attempts),
    error: row.error,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** GET projects/:projectId/jobs: the project's 50 most recent jobs, for every role in it. */
export function createProjectJobRoutes(ctx: AppContext) {
  const r = new Hono<ProjectEnv>();
  r.get('/:projectId/jobs', requireUser(ctx), requireProjectRole(ctx.db, 'worker'), async (c) => {
    const rows = await ctx.jobs.list(c.get('project').projectId, 50);
    return c.json(rows.map(jobViewOf));
  });
  return r;
}
