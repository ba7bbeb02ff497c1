import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase, type OpenDatabase } from '../db/createDatabase';
import { migrateToLatest } from '../db/migrate';
import type { UserRow } from '../db/schema';
import { cachedUserRow } from './userRowCache';

let database: OpenDatabase;
const row = { id: 'u1', name: 'One' } as UserRow;

beforeAll(async () => {
  database = createDatabase({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'maru-user-cache-')) });
  await migrateToLatest(database.db);
});
afterAll(() => database.close());

/** A reader that counts its calls and answers `current`. */
function reader(current: () => UserRow | undefined) {
  const read = vi.fn(async () => current());
  return read;
}

describe('cachedUserRow (SQLite)', () => {
  it('reuses a row read a moment ago, as a copy each time', async () => {
    const read = reader(() => row);
    const a = await cachedUserRow(database.db, 'reuse', read);
    const b = await cachedUserRow(database.db, 'reuse', read);
    expect(read).toHaveBeenCalledTimes(1);
    expect(b).toEqual(row);
    expect(b).not.toBe(a);
    a!.name = 'changed by a route';
    expect((await cachedUserRow(database.db, 'reuse', read))!.name).toBe('One');
  });

  it('reads again after any write in this process, in or out of a transaction, raw SQL included', async () => {
    const read = reader(() => row);
    const writes = [
      () => database.db.deleteFrom('users').where('id', '=', 'nobody').execute(),
      () => database.db.transaction().execute((tx) => tx.deleteFrom('users').where('id', '=', 'nobody').execute()),
      () => sql`delete from users where id = ${'nobody'}`.execute(database.db),
    ];
    await cachedUserRow(database.db, 'writes', read);
    for (const [i, write] of writes.entries()) {
      await write();
      await cachedUserRow(database.db, 'writes', read);
      expect(read).toHaveBeenCalledTimes(i + 2);
    }
  });

  it('keeps a row for at most a second', async () => {
    const read = reader(() => row);
    const now = vi.spyOn(performance, 'now');
    try {
      now.mockReturnValue(1_000_000);
      await cachedUserRow(database.db, 'ttl', read);
      now.mockReturnValue(1_000_999);
      await cachedUserRow(database.db, 'ttl', read);
      expect(read).toHaveBeenCalledTimes(1);
      now.mockReturnValue(1_001_000);
      await cachedUserRow(database.db, 'ttl', read);
      expect(read).toHaveBeenCalledTimes(2);
    } finally {
      now.mockRestore();
    }
  });

  it('remembers a missing user only until something is written', async () => {
    const user: { row?: UserRow } = {};
    const read = reader(() => user.row);
    expect(await cachedUserRow(database.db, 'late', read)).toBeUndefined();
    user.row = row;
    await database.db.deleteFrom('users').where('id', '=', 'nobody').execute();
    expect(await cachedUserRow(database.db, 'late', read)).toEqual(row);
  });

  it('never caches for a database it does not watch (PostgreSQL, or one made elsewhere)', async () => {
    const read = reader(() => row);
    const other = database.db.withoutPlugins();
    await cachedUserRow(other, 'other', read);
    await cachedUserRow(other, 'other', read);
    expect(read).toHaveBeenCalledTimes(2);
  });
});
