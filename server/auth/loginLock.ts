import { sql } from 'kysely';
import { LOGIN_FAILURES_BEFORE_CAPTCHA } from '../../contract/apiAuth';
import type { Db } from '../db/Db';

/*
 * Failed logins, counted per e-mail address whether or not an account exists (so the answers
 * cannot tell the two apart). From the 5th failure on, every try needs a solved captcha; from
 * the 6th on, tries must also wait 2^(failures-5) seconds (at most 15 minutes) after the last
 * failure. A successful login or a password reset clears the count.
 */
const MAX_DELAY_S = 900;

export interface LockState {
  failures: number;
  captchaRequired: boolean;
  /** Seconds to wait before the next try, 0 when it may go ahead. */
  retryAfterS: number;
}

export function delayAfter(failures: number): number {
  return failures > LOGIN_FAILURES_BEFORE_CAPTCHA
    ? Math.min(2 ** (failures - LOGIN_FAILURES_BEFORE_CAPTCHA), MAX_DELAY_S)
    : 0;
}

export async function lockStateOf(db: Db, email: string, now: Date): Promise<LockState> {
  const row = await db.selectFrom('login_attempts').selectAll().where('email', '=', email).executeTakeFirst();
  const failures = row?.failures ?? 0;
  let retryAfterS = 0;
  // Only a count past the captcha threshold makes a try wait. (A try taken a moment ago by a
  // parallel request may carry a time later than `now`: with no delay due, that means nothing.)
  if (row && delayAfter(failures) > 0) {
    const until = Date.parse(row.last_failure_at) + delayAfter(failures) * 1000;
    retryAfterS = Math.max(0, Math.ceil((until - now.getTime()) / 1000));
  }
  return { failures, captchaRequired: failures >= LOGIN_FAILURES_BEFORE_CAPTCHA, retryAfterS };
}

/** Counts one more failure; returns the new count. */
export async function recordFailure(db: Db, email: string, at: Date): Promise<number> {
  const now = at.toISOString();
  const row = await db
    .insertInto('login_attempts')
    .values({ email, failures: 1, last_failure_at: now })
    .onConflict((oc) =>
      oc.column('email').doUpdateSet({ failures: sql<number>`login_attempts.failures + 1`, last_failure_at: now }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return Number(row.failures);
}

/**
 * Takes one of the tries allowed without a captcha, before the (slow) password check, so that
 * guesses sent at the same moment cannot all pass under the same count: the count goes up only
 * while it is below the captcha threshold, in one statement. Returns the new count, or null when
 * the free tries are used up (the caller then asks for a captcha). A wrong password leaves the
 * try counted as its failure; a right one clears the count.
 */
export async function takeFreeTry(db: Db, email: string, at: Date): Promise<number | null> {
  const now = at.toISOString();
  const row = await db
    .insertInto('login_attempts')
    .values({ email, failures: 1, last_failure_at: now })
    .onConflict((oc) =>
      oc
        .column('email')
        .doUpdateSet({ failures: sql<number>`login_attempts.failures + 1`, last_failure_at: now })
        .where('login_attempts.failures', '<', LOGIN_FAILURES_BEFORE_CAPTCHA),
    )
    .returning('failures')
    .executeTakeFirst();
  return row ? Number(row.failures) : null;
}

export async function clearFailures(db: Db, email: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('email', '=', email).execute();
}
