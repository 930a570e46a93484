import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Inside a transaction only the transaction's handle may be used (docs/decisions/302).
 *
 * The embedded database (PGlite) has one connection: while a transaction holds it, a query sent
 * through the outer handle waits for the transaction to end, and the transaction waits for that
 * query, so both wait forever and every later request queues behind them. On PostgreSQL the same
 * code takes a second pooled connection and works, which is how such a bug reached the default
 * install unseen. So the rule is checked on both databases, always: the outer handle, asked to
 * query while a transaction of the same async context is open, throws at once with a message that
 * names the mistake, instead of hanging (on PGlite) or passing (on PostgreSQL).
 */

type Marker = { open: boolean };

const transactions = new AsyncLocalStorage<Marker>();

export class OuterHandleInTransactionError extends Error {
  constructor(what: string) {
    super(
      `${what} through the outer database handle while a transaction is open in this async context: ` +
        'use the transaction\'s handle (tx), or load the value before the transaction (docs/decisions/302)',
    );
    this.name = 'OuterHandleInTransactionError';
  }
}

/** Throws when called inside an open transaction's async context. */
export function assertOutsideTransaction(what: string) {
  if (transactions.getStore()?.open) throw new OuterHandleInTransactionError(what);
}

/** Runs `run` as a transaction's body: the outer handle refuses queries until it settles. */
export async function asTransactionBody<T>(run: () => Promise<T>): Promise<T> {
  assertOutsideTransaction('A transaction opened');
  const marker: Marker = { open: true };
  try {
    return await transactions.run(marker, run);
  } finally {
    // Work that the body started without awaiting it may run later in the same context: by then
    // the connection is free again, so it may use the outer handle.
    marker.open = false;
  }
}

/**
 * Runs `run` outside any transaction's context: for work a transaction's body starts without
 * waiting for it (a background task), which may use the outer handle; on PGlite it then simply
 * waits for the connection until the transaction ends.
 */
export function detachedFromTransaction<T>(run: () => T): T {
  return transactions.exit(run);
}

/**
 * The drizzle database with its `transaction` run as a transaction body. Nested transactions
 * (savepoints) go through `tx.transaction`, the transaction's own handle, and are not affected.
 */
export function guardDrizzle<D extends { transaction: (...args: never[]) => Promise<unknown> }>(db: D): D {
  return new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (property !== 'transaction' || typeof value !== 'function') return value;
      return (...args: unknown[]) => asTransactionBody(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
    },
  });
}

/**
 * A driver client (PGlite's instance, node-postgres' pool) whose named query methods refuse to run
 * inside a transaction's body. The client's own internal calls use the real object and pass.
 */
export function guardClient<C extends object>(client: C, methods: readonly string[]): C {
  const guarded = new Set<PropertyKey>(methods);
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function') return value;
      if (!guarded.has(property)) return (value as (...a: unknown[]) => unknown).bind(target);
      return (...args: unknown[]) => {
        assertOutsideTransaction(`A query (${String(property)})`);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
