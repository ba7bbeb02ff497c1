import type {
  Kysely,
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { Database, UserRow } from '../db/schema';

/** How long a user row read for a request is reused: RELIABILITY.md allows up to the token's lifetime. */
const TTL_MS = 1000;
/** Bounds the cache by the number of users signed in at once within a second; only a safety net. */
const MAX_ENTRIES = 10_000;

/** Bumped by every query in this process that is not a SELECT; a cached row older than the last bump is read again. */
let writes = 0;

const countWrites: KyselyPlugin = {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind !== 'SelectQueryNode') writes++;
    return node;
  },
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  },
};

interface Entry {
  row: UserRow | undefined;
  writes: number;
  until: number;
}
const caches = new WeakMap<Kysely<Database>, Map<string, Entry>>();

/**
 * The SQLite database with its writes counted, so that signed-in requests may reuse the user row
 * read a moment ago (reading it through Kysely costs about as much as the rest of a small answer).
 * Any insert, update, delete or raw statement in this process, a removal included, drops every
 * cached row at once. Only SQLite: its one connection runs a transaction's statements without
 * any other query between them, so no read can see a row that a later commit changes without a
 * write counted after it. PostgreSQL's pool can, so a database not made here is never cached.
 */
export function withCachedUserRows(db: Kysely<Database>): Kysely<Database> {
  const watched = db.withPlugin(countWrites);
  caches.set(watched, new Map());
  return watched;
}

/** The user row, from the cache when `db` came from withCachedUserRows and nothing was written since. */
export async function cachedUserRow(
  db: Kysely<Database>,
  id: string,
  read: () => Promise<UserRow | undefined>,
): Promise<UserRow | undefined> {
  const cache = caches.get(db);
  if (!cache) return read();
  const now = performance.now();
  const hit = cache.get(id);
  // A copy, so that a route changing its row cannot change what the next request sees.
  if (hit && hit.writes === writes && hit.until > now) return hit.row && { ...hit.row };
  const seen = writes;
  const row = await read();
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(id, { row, writes: seen, until: now + TTL_MS });
  return row && { ...row };
}
