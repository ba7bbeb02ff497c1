import type { z } from 'zod';
import type { projectMemberSchema } from '../../contract/apiProjects';
import type { Db } from '../db/Db';
import { avatarUrlOf } from '../users/userViews';
import { isProjectRole } from './projectAccess';

export type ProjectMember = z.infer<typeof projectMemberSchema>;

function memberQuery(db: Db, projectId: string) {
  return db
    .selectFrom('project_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.name', 'u.email', 'u.avatar_key', 'm.role', 'm.joined_at'])
    .where('m.project_id', '=', projectId);
}

type MemberRow = Awaited<ReturnType<ReturnType<typeof memberQuery>['execute']>>[number];

function memberView(r: MemberRow): ProjectMember | null {
  if (!isProjectRole(r.role)) return null;
  return { userId: r.id, name: r.name, email: r.email, avatar: avatarUrlOf(r), role: r.role, joinedAt: r.joined_at };
}

const RANK = { admin: 0, member: 1, worker: 2 } as const;

/** The project's members: admins first, then members, then workers, each by join time. */
export async function projectMembersOf(db: Db, projectId: string): Promise<ProjectMember[]> {
  const rows = await memberQuery(db, projectId).orderBy('m.joined_at').orderBy('u.id').execute();
  return rows
    .map(memberView)
    .filter((m): m is ProjectMember => m !== null)
    .sort((a, b) => RANK[a.role] - RANK[b.role]);
}

export async function projectMemberOf(db: Db, projectId: string, userId: string): Promise<ProjectMember | null> {
  const row = await memberQuery(db, projectId).where('u.id', '=', userId).executeTakeFirst();
  return row ? memberView(row) : null;
}
