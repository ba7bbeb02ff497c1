import type { Kysely } from 'kysely';
import { hashPassword } from '../auth/password';
import { newUserRow } from '../db/newRows';
import type { Database } from '../db/schema';
import { noticeHtmlToText, sanitizeNoticeHtml } from '../routes/noticesHtml';

/*
 * Demo data for trying the product (`npm run seed:demo`, scripts/seedDemo.ts; the API benchmark
 * seeds with it too). Safe to run again: it brings the same rows back to the same state (the demo
 * passwords too) and never touches other data. The passwords are public (README.md): never run
 * it against a database people rely on.
 */

export const DEMO_ORGANIZATION = { id: 'demo-organization', name: 'Maru Demo' } as const;
export const DEMO_ACCOUNTS = [
  {
    id: 'demo-admin',
    email: 'demo-admin@example.com',
    name: 'Demo Admin',
    password: 'DemoAdmin1!',
    scope: 'user,admin',
    role: 'owner',
  },
  {
    id: 'demo-member',
    email: 'demo-member@example.com',
    name: 'Demo Member',
    password: 'DemoMember1!',
    scope: 'user',
    role: 'member',
  },
] as const;

interface DemoNotice {
  id: string;
  title: string;
  category: 'general' | 'update' | 'maintenance' | 'event';
  pinned: boolean;
  body: string;
  /** Days before the seed time, so the list has an order. */
  daysAgo: number;
}

const DEMO_NOTICES: DemoNotice[] = [
  {
    id: 'demo-notice-1',
    category: 'general',
    pinned: true,
    daysAgo: 1,
    title: '마루 AI 데모에 오신 것을 환영합니다',
    body: '<p>이 공지는 데모 데이터입니다. <strong>데모 관리자</strong> 계정으로 로그인하면 공지를 쓰고 고칠 수 있습니다.</p>',
  },
  {
    id: 'demo-notice-2',
    category: 'update',
    pinned: false,
    daysAgo: 3,
    title: 'Labeling studio update',
    body: '<p>Box and polygon tools now share one undo history.</p><ul><li>Faster hit testing</li><li>Smoother zoom</li></ul>',
  },
  {
    id: 'demo-notice-3',
    category: 'maintenance',
    pinned: false,
    daysAgo: 7,
    title: '정기 점검 안내',
    body: '<p>매월 첫째 주 일요일 02:00–04:00(KST)에 정기 점검이 진행됩니다.</p>',
  },
  {
    id: 'demo-notice-4',
    category: 'event',
    pinned: false,
    daysAgo: 14,
    title: 'Welcome event for new teams',
    body: '<p>New organizations get extra training hours in their first month.</p>',
  },
];

export interface DemoSeedResult {
  organizationId: string;
  accounts: { email: string; password: string; role: string }[];
  notices: number;
}

/** Writes (or restores) the demo rows. Takes the database first so a transaction can be passed. */
export async function seedDemo(db: Kysely<Database>, now: Date = new Date()): Promise<DemoSeedResult> {
  const iso = now.toISOString();
  // Hashing is slow on purpose (scrypt); do it before the transaction holds the database.
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('organizations')
      .values({ id: DEMO_ORGANIZATION.id, name: DEMO_ORGANIZATION.name, created_at: iso, updated_at: iso })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    for (const [i, account] of DEMO_ACCOUNTS.entries()) {
      const passwordHash = hashes[i] ?? null;
      await tx
        .insertInto('users')
        .values(
          newUserRow(iso, {
            id: account.id,
            email: account.email,
            name: account.name,
            password_hash: passwordHash,
            scope: account.scope,
            email_verified_at: iso,
            locale: 'ko',
          }),
        )
        .onConflict((oc) =>
          oc.column('email').doUpdateSet({ password_hash: passwordHash, scope: account.scope, updated_at: iso }),
        )
        .execute();
      // Keep a verification date already there; fill it when the address was registered unverified.
      await tx
        .updateTable('users')
        .set({ email_verified_at: iso })
        .where('email', '=', account.email)
        .where('email_verified_at', 'is', null)
        .execute();
      const user = await tx
        .selectFrom('users')
        .select('id')
        .where('email', '=', account.email)
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('organization_members')
        .values({ organization_id: DEMO_ORGANIZATION.id, user_id: user.id, role: account.role, joined_at: iso })
        .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doUpdateSet({ role: account.role }))
        .execute();
    }
    const admin = await tx
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_ACCOUNTS[0].email)
      .executeTakeFirstOrThrow();
    for (const n of DEMO_NOTICES) {
      const at = new Date(now.getTime() - n.daysAgo * 86_400_000).toISOString();
      const body = sanitizeNoticeHtml(n.body);
      await tx
        .insertInto('notices')
        .values({
          id: n.id,
          title: n.title,
          category: n.category,
          pinned: n.pinned ? 1 : 0,
          body,
          body_text: noticeHtmlToText(body),
          author_id: admin.id,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
  });
  return {
    organizationId: DEMO_ORGANIZATION.id,
    accounts: DEMO_ACCOUNTS.map((a) => ({ email: a.email, password: a.password, role: a.role })),
    notices: DEMO_NOTICES.length,
  };
}
