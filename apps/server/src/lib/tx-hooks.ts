import type { Sql } from '../db/sql';

/**
 * An extension point that runs in the transaction of a change: other modules add a named hook (the
 * detectors note that rules changed, block APIs queue their calls…) and the owner runs them all in its
 * transaction, in the order added, so what they write commits or rolls back with the change.
 */
export class TxHooks<T, R = void> {
  private readonly hooks = new Map<string, (sql: Sql, value: T) => Promise<R>>();

  add(name: string, hook: (sql: Sql, value: T) => Promise<R>): void {
    if (this.hooks.has(name)) throw new Error(`A hook named ${name} is already registered`);
    this.hooks.set(name, hook);
  }

  /** Runs every hook with `value` in `sql`; answers what each answered, in order. */
  async run(sql: Sql, value: T): Promise<R[]> {
    const results: R[] = [];
    for (const hook of this.hooks.values()) results.push(await hook(sql, value));
    return results;
  }
}
