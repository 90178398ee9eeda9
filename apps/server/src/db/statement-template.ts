import { type Compilable, CompiledQuery } from 'kysely';

// Issue 17: a statement of fixed shape, built and compiled by Kysely once per shape and then only
// given its values. The list page's lookups (list-lookups.repository.ts) are a large query whose
// text never changes for a given locale; building and compiling it took about 4 % of the API's CPU
// under load, on every list request, to produce the same text again.
//
// The template is built once with a marker in place of each value (a one-element array for a list);
// the compiled parameters holding a marker become that value's slot, the others stay as compiled.
// What changes the text (a locale, an empty list left out) is the shape, one template each. The
// builder must pass each value to the statement as it is, never read or reshape it.

const MARKER = '\u0000slot:';

export type SlotKinds<V> = { [K in keyof V]: V[K] extends readonly unknown[] ? 'list' : 'value' };

type Slot<V> = { key: keyof V } | { constant: unknown };
type Template<V> = { sql: string; slots: Slot<V>[] };

// `build` gets the caller's query builder (a transaction) when a shape is first asked for.
export function statementTemplate<Q, V extends Record<string, unknown>, S>(
  kinds: SlotKinds<V>,
  build: (db: Q, values: V, shape: S) => Compilable<unknown>,
): (db: Q, shape: S, values: V) => CompiledQuery {
  const templates = new Map<string, Template<V>>();
  return (db, shape, values) => {
    const shapeKey = JSON.stringify(shape);
    let template = templates.get(shapeKey);
    if (!template) {
      template = compileTemplate(kinds, build(db, markersOf(kinds), shape));
      templates.set(shapeKey, template);
    }
    return CompiledQuery.raw(
      template.sql,
      template.slots.map((slot) => ('key' in slot ? values[slot.key] : slot.constant)),
    );
  };
}

function markersOf<V>(kinds: SlotKinds<V>): V {
  return Object.fromEntries(
    Object.entries(kinds).map(([key, kind]) => [key, kind === 'list' ? [MARKER + key] : MARKER + key]),
  ) as V;
}

function compileTemplate<V extends Record<string, unknown>>(
  kinds: SlotKinds<V>,
  query: Compilable<unknown>,
): Template<V> {
  const compiled = query.compile();
  // A marker written into the text (a literal rather than a parameter) would be sent as it is.
  if (compiled.sql.includes(MARKER)) throw new Error('A template value was written into the text');
  const isMarker = (value: unknown): value is string => typeof value === 'string' && value.startsWith(MARKER);
  const keyOf = (parameter: unknown): keyof V | undefined => {
    const list = Array.isArray(parameter);
    if (list && parameter.length !== 1 && parameter.some(isMarker)) {
      throw new Error('A template value was combined with others in one parameter');
    }
    const marker = list ? parameter[0] : parameter;
    if (!isMarker(marker)) return undefined;
    const key = marker.slice(MARKER.length) as keyof V & string;
    if ((kinds[key] === 'list') !== list) throw new Error(`The template's ${key} was reshaped`);
    return key;
  };
  return {
    sql: compiled.sql,
    slots: compiled.parameters.map((parameter) => {
      const key = keyOf(parameter);
      return key === undefined ? { constant: parameter } : { key };
    }),
  };
}
