import { randomUUID } from 'node:crypto';
import {
  INVITATION_KINDS,
  INVITATION_ROLES,
  INVITATION_TTL_DAYS,
  type Invitation,
  type InvitationKind,
  type InvitationPreview,
} from '../../contract/apiInvitations';
import { hashToken, newOpaqueToken } from '../auth/tokenHash';
import type { Db } from '../db/Db';
import { normalizeEmail } from '../users/findUser';

/*
 * The invitations table (migration 0014). An invitation is open until it is accepted or revoked;
 * an open one past its expiry is listed as 'expired' and can be renewed, but never accepted.
 */

const TTL_MS = INVITATION_TTL_DAYS * 24 * 3600 * 1000;

export interface InvitationTarget {
  kind: InvitationKind;
  targetId: string;
}

export interface IssuedInvitation {
  id: string;
  /** The secret of the mail's link; only its hash is stored. */
  key: string;
  expiresAt: string;
}

const isKind = (value: string): value is InvitationKind => (INVITATION_KINDS as readonly string[]).includes(value);
const isRole = (value: string): value is Invitation['role'] => (INVITATION_ROLES as readonly string[]).includes(value);

/** The project's title or the organization's name; null when the target is gone (a deleted project too). */
export async function targetNameOf(db: Db, kind: InvitationKind, targetId: string): Promise<string | null> {
  if (kind === 'project') {
    const row = await db
      .selectFrom('projects')
      .select('title')
      .where('id', '=', targetId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row?.title ?? null;
  }
  const row = await db.selectFrom('organizations').select('name').where('id', '=', targetId).executeTakeFirst();
  return row?.name ?? null;
}

function openInvitations(db: Db) {
  return db.selectFrom('invitations as i').where('i.accepted_at', 'is', null).where('i.revoked_at', 'is', null);
}

/**
 * Creates the invitation of `email` to the target, or renews the open one (pending or expired):
 * a fresh key and expiry, the latest role and inviter. Either way the previous link stops working.
 */
export async function issueInvitation(
  db: Db,
  invite: InvitationTarget & { email: string; role: Invitation['role']; invitedBy: string },
  at: Date,
): Promise<IssuedInvitation> {
  const email = normalizeEmail(invite.email);
  const key = newOpaqueToken();
  const now = at.toISOString();
  const expiresAt = new Date(at.getTime() + TTL_MS).toISOString();
  const fresh = { key_hash: hashToken(key), sent_at: now, expires_at: expiresAt };
  const existing = await openInvitations(db)
    .select('i.id')
    .where('i.kind', '=', invite.kind)
    .where('i.target_id', '=', invite.targetId)
    .where('i.email', '=', email)
    .executeTakeFirst();
  if (existing) {
    await db
      .updateTable('invitations')
      .set({ ...fresh, role: invite.role, invited_by: invite.invitedBy })
      .where('id', '=', existing.id)
      .execute();
    return { id: existing.id, key, expiresAt };
  }
  const id = randomUUID();
  await db
    .insertInto('invitations')
    .values({
      id,
      kind: invite.kind,
      target_id: invite.targetId,
      email,
      role: invite.role,
      invited_by: invite.invitedBy,
      created_at: now,
      accepted_at: null,
      revoked_at: null,
      ...fresh,
    })
    .execute();
  return { id, key, expiresAt };
}

/** The open invitation `id` of the target with its role, or undefined. */
export async function openInvitationOf(db: Db, target: InvitationTarget, id: string) {
  const row = await openInvitations(db)
    .select(['i.id', 'i.email', 'i.role'])
    .where('i.id', '=', id)
    .where('i.kind', '=', target.kind)
    .where('i.target_id', '=', target.targetId)
    .executeTakeFirst();
  return row && isRole(row.role) ? { ...row, role: row.role } : undefined;
}

/** Marks an open invitation revoked; false when there was none. */
export async function revokeInvitation(db: Db, target: InvitationTarget, id: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ revoked_at: at.toISOString() })
    .where('id', '=', id)
    .where('kind', '=', target.kind)
    .where('target_id', '=', target.targetId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

function viewQuery(db: Db) {
  return openInvitations(db)
    .leftJoin('users as u', 'u.id', 'i.invited_by')
    .select([
      'i.id',
      'i.kind',
      'i.target_id',
      'i.email',
      'i.role',
      'i.created_at',
      'i.sent_at',
      'i.expires_at',
      'u.id as inviter_id',
      'u.name as inviter_name',
    ]);
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof viewQuery>['executeTakeFirstOrThrow']>>;

function toInvitation(row: ViewRow, now: string): Invitation | null {
  if (!isKind(row.kind) || !isRole(row.role)) return null;
  return {
    id: row.id,
    kind: row.kind,
    targetId: row.target_id,
    email: row.email,
    role: row.role,
    state: row.expires_at > now ? 'pending' : 'expired',
    invitedBy: row.inviter_id && row.inviter_name !== null ? { id: row.inviter_id, name: row.inviter_name } : null,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    sentAt: row.sent_at,
  };
}

/** The target's open invitations (pending and expired), the latest sent first. */
export async function invitationsOf(db: Db, target: InvitationTarget, at: Date): Promise<Invitation[]> {
  const rows = await viewQuery(db)
    .where('i.kind', '=', target.kind)
    .where('i.target_id', '=', target.targetId)
    .orderBy('i.sent_at', 'desc')
    .orderBy('i.id')
    .execute();
  const now = at.toISOString();
  return rows.map((row) => toInvitation(row, now)).filter((i): i is Invitation => i !== null);
}

/** One open invitation as the API shows it. */
export async function invitationView(db: Db, id: string, at: Date): Promise<Invitation> {
  const view = toInvitation(await viewQuery(db).where('i.id', '=', id).executeTakeFirstOrThrow(), at.toISOString());
  if (!view) throw new Error(`invitation ${id} has an unknown kind or role`);
  return view;
}

/**
 * The invitation a mailed key stands for, if it can still be accepted: open, not expired, and its
 * target still there. Undefined otherwise (unknown, renewed, revoked, accepted or expired).
 */
export async function pendingInvitationByKey(
  db: Db,
  key: string,
  at: Date,
): Promise<(InvitationPreview & { id: string }) | undefined> {
  const row = await viewQuery(db)
    .where('i.key_hash', '=', hashToken(key))
    .where('i.expires_at', '>', at.toISOString())
    .executeTakeFirst();
  if (!row || !isKind(row.kind)) return undefined;
  const targetName = await targetNameOf(db, row.kind, row.target_id);
  if (targetName === null) return undefined;
  return {
    id: row.id,
    kind: row.kind,
    targetName,
    inviterName: row.inviter_name,
    email: row.email,
    expiresAt: row.expires_at,
  };
}
