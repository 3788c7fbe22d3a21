import {
  AliasNode,
  FromNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  TableNode,
  type UnknownRow,
} from 'kysely';

const MAX_ENTRIES = 1000;

/**
 * Answers that every visitor shares (the public lists), kept in memory for a short time. Any
 * write through this instance's database handle to a table they read drops them at once; other
 * instances see the change when their copy expires, so the lifetime stays short.
 */
export class ReadCache {
  private readonly entries = new Map<string, { value: unknown; expires: number }>();
  /** Bumped by every write: an answer computed before it must not be stored after it. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly tables: ReadonlySet<string>,
  ) {}

  /** The answer kept for `key` while it is fresh: a shared list's hot path awaits nothing. */
  peek<T>(key: string): T | undefined {
    const entry = this.entries.get(key);
    return entry && entry.expires > Date.now() ? (entry.value as T) : undefined;
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const kept = this.peek<T>(key);
    if (kept !== undefined) return kept;
    const generation = this.generation;
    const value = await load();
    if (this.ttlMs > 0 && generation === this.generation) {
      // Keys come from request bodies (page offsets): the map must not grow without bound.
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
    }
    return value;
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** A Kysely plugin that invalidates the cache when a query writes to one of the tables. */
  plugin(): KyselyPlugin {
    const cache = this;
    const writes = new WeakSet<object>();
    return {
      transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
        if (writesTo(node, cache.tables)) {
          writes.add(queryId);
          cache.invalidate();
        }
        return node;
      },
      async transformResult({
        result,
        queryId,
      }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
        // Again once the write ran, so a read that started in between does not keep its answer.
        if (writes.has(queryId)) cache.invalidate();
        return result;
      },
    };
  }
}

function writesTo(node: RootOperationNode, tables: ReadonlySet<string>): boolean {
  switch (node.kind) {
    case 'InsertQueryNode':
      return tableNames(node.into).some((name) => tables.has(name));
    case 'UpdateQueryNode':
      return tableNames(node.table).some((name) => tables.has(name));
    case 'DeleteQueryNode':
      return tableNames(node.from).some((name) => tables.has(name));
    case 'RawNode':
      // Raw statements other than reads (migrations, maintenance) may write anything.
      return !/^\s*select\b/i.test(node.sqlFragments.join('?'));
    default:
      return false;
  }
}

/** Table names under a target node: a table, an alias of one, or a FROM list. */
function tableNames(node: OperationNode | undefined): string[] {
  if (!node) return [];
  if (TableNode.is(node)) return [node.table.identifier.name];
  if (AliasNode.is(node)) return tableNames(node.node);
  if (FromNode.is(node)) return node.froms.flatMap(tableNames);
  return [];
}
