import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';

// Issue 17: a statement PostgreSQL plans anew on every request costs as much as it runs when it
// only reads rows by id: the list page's lookups (names, alerts, answers, badges of 20 workflows,
// list-lookups.repository.ts) took 2-4 ms to plan and under 1 ms to run at 1M. A statement marked
// with PREPARED is sent as a named prepared statement, parsed and planned once per connection; after
// five runs PostgreSQL keeps a generic plan when it costs no more than the custom ones. Only for
// statements whose best plan does not depend on their values (lookups by id); a filter or a count,
// whose plan follows the tenant's data, stays unprepared.
//
// Its text must not vary with the data beyond a few shapes: each distinct text is one statement per
// connection (named by its hash). Behind a pooler in transaction mode (PgBouncer), named statements
// need its protocol-level prepared statement support (max_prepared_statements, 1.21+).
const MARK = '/* prepared */';
export const PREPARED = sql.raw(MARK);

const names = new Map<string, string>();
const MAX_NAMES = 500;

function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `attest_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (names.size >= MAX_NAMES) names.delete(names.keys().next().value as string);
    names.set(text, name);
  }
  return name;
}

// pg's client with named statements for the marked texts (Kysely sends every query as text and
// values); every other query goes through unchanged.
export class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query() is a set of overloads; this passes each through.
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config === 'string' && config.includes(MARK) && typeof values !== 'function') {
      return super.query({ name: statementName(config), text: config, values }, callback);
    }
    return super.query(config, values, callback);
  }
}
