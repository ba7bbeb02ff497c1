import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/** One statement a query ran: its kind, the first table it names, and the rows it read or changed. */
export interface CountedStatement {
  kind: 'select' | 'insert' | 'update' | 'delete' | 'other';
  table: string;
  /** A select: rows returned; a write: rows affected. */
  rows: number;
}

const KINDS: Record<string, CountedStatement['kind']> = {
  SelectQueryNode: 'select',
  InsertQueryNode: 'insert',
  UpdateQueryNode: 'update',
  DeleteQueryNode: 'delete',
};

/** The first table a query node names (depth first, in the node's key order: the target comes first). */
function firstTable(node: unknown): string {
  if (!node || typeof node !== 'object') return '';
  const n = node as Partial<OperationNode> & Record<string, unknown>;
  if (n.kind === 'TableNode') {
    const table = n.table as { identifier?: { name?: string } } | undefined;
    return table?.identifier?.name ?? '';
  }
  for (const value of Object.values(n)) {
    const found = Array.isArray(value) ? value.map(firstTable).find(Boolean) : firstTable(value);
    if (found) return found;
  }
  return '';
}

/**
 * A Kysely plugin for tests that records every statement run through the database it is added to
 * (`db.withPlugin(counter)`), so a test can assert how much a request reads and writes.
 */
export class QueryCounter implements KyselyPlugin {
  statements: CountedStatement[] = [];
  private readonly pending = new WeakMap<object, Omit<CountedStatement, 'rows'>>();

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    this.pending.set(queryId, { kind: KINDS[node.kind] ?? 'other', table: firstTable(node) });
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const seen = this.pending.get(queryId);
    if (seen) {
      const rows = seen.kind === 'select' ? result.rows.length : Number(result.numAffectedRows ?? 0);
      this.statements.push({ ...seen, rows });
    }
    return result;
  }

  /** Forgets what was recorded so far. */
  reset(): void {
    this.statements = [];
  }
}
