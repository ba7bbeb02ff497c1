import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Db } from '../db/Db';
import type { Database } from '../db/schema';

type InviteMessage = Record<'ko' | 'en', (name: string) => string>;

export interface MemberAddition {
  /** Inserts the membership row, doing nothing on a conflict; says how many rows it wrote. */
  insertMember: (trx: Db) => Promise<{ numInsertedOrUpdatedRows?: bigint }>;
  /** The organization's or project's name, read inside the same transaction. */
  readName: (trx: Db) => Promise<string>;
  receiver: { id: string; locale: string };
  senderId: string;
  message: InviteMessage;
  now: string;
}

/**
 * Adds a member and leaves them an invitation alert in their own locale, in one transaction, so
 * that a member is never added without the alert nor alerted twice. False when they already
 * were a member (nothing is written then).
 */
export async function addMemberWithAlert(db: Kysely<Database>, addition: MemberAddition): Promise<boolean> {
  const { receiver, now } = addition;
  return db.transaction().execute(async (trx) => {
    const inserted = await addition.insertMember(trx);
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) return false;
    const name = await addition.readName(trx);
    const locale = receiver.locale === 'en' ? 'en' : 'ko';
    await trx
      .insertInto('alerts')
      .values({
        id: randomUUID(),
        receiver_id: receiver.id,
        sender_id: addition.senderId,
        message: addition.message[locale](name),
        type: 'invite',
        read_at: null,
        created_at: now,
      })
      .execute();
    return true;
  });
}
