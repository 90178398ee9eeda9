// The hostile-input walk's cases (platform/hostile-input.test.ts), derived from a route's JSON
// schemas: a plausible request from each schema, then one hostile change to one place at a time.
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maxItems?: number;
  minItems?: number;
};

export type RouteSchemas = {
  body: JsonSchema | undefined;
  query: { name: string; schema: JsonSchema | undefined; required?: boolean | undefined }[];
  params: { name: string; schema: JsonSchema | undefined }[];
};

export type HostileCase = {
  name: string;
  url: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
  // Must not be accepted (2xx); other cases may be, when the value happens to be valid.
  mustRefuse: boolean;
};

const JSON_HEADERS = { 'content-type': 'application/json' };
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Path parameters point at nothing, so a case never deletes or changes the walker's own records.
const MISSING_ID = '987654321';
// Built once: the walk sends it to every route with a body, and Fastify refuses it by its length.
const TEN_MB_BODY = Buffer.from(JSON.stringify({ text: 'x'.repeat(10 * 1024 * 1024) }));
// Query strings and paths stay under Node's 16 KB header limit, as on a real server.
const LONG_URL_TEXT = 'x'.repeat(8000);
const LONG_BODY_TEXT = 'x'.repeat(200_000);
const INVALID_UTF8_MARK = '\uE000walk-invalid-utf8\uE000';

export function hostileCases(method: string, url: string, schemas: RouteSchemas): HostileCase[] {
  const params = Object.fromEntries(
    schemas.params.map((p) => [p.name, encodeURIComponent(paramSample(p.schema))]),
  );
  const pathWith = (overrides: Record<string, string>) =>
    url.replace(/:([A-Za-z_]+)/g, (_, name: string) => overrides[name] ?? params[name] ?? MISSING_ID);
  const baseQuery = schemas.query
    .filter((q) => q.required)
    .map((q) => `${q.name}=${encodeURIComponent(String(sample(q.schema, 0, q.name)))}`);
  const urlWith = (path: string, query: string[] = []) => {
    const all = [...baseQuery, ...query];
    return all.length > 0 ? `${path}?${all.join('&')}` : path;
  };
  const cases: HostileCase[] = [];

  for (const { name } of schemas.params) {
    const at = (label: string, raw: string, mustRefuse: boolean) =>
      cases.push({ name: `path ${name} ${label}`, url: urlWith(pathWith({ [name]: raw })), mustRefuse });
    at('NUL', 'a%00b', true);
    at('invalid UTF-8', '%FF%FE', true);
    at('negative', '-1', false);
    at('huge', '99999999999999999999', false);
    at('long', LONG_URL_TEXT, false);
  }

  const path = pathWith({});
  for (const { name, schema } of schemas.query) {
    const at = (label: string, raw: string, mustRefuse: boolean) =>
      cases.push({ name: `query ${name} ${label}`, url: urlWith(path, [`${name}=${raw}`]), mustRefuse });
    at('NUL', 'a%00b', true);
    if (isNumeric(schema)) {
      at('negative', '-1', false);
      at('huge', '1e309', false);
      at('huge integer', '99999999999999999999', false);
      at('not a number', 'NaN', false);
    } else {
      at('invalid UTF-8', '%FF%FE', false);
      at('long', LONG_URL_TEXT, false);
    }
  }
  cases.push({ name: 'query extra key', url: urlWith(path, ['walk_extra=1']), mustRefuse: false });

  if (!BODY_METHODS.has(method)) return cases;
  const bodyCase = (name: string, payload: string | Buffer, mustRefuse = true) =>
    cases.push({ name: `body ${name}`, url: urlWith(path), payload, headers: JSON_HEADERS, mustRefuse });
  bodyCase('over the size limit', TEN_MB_BODY);
  bodyCase('not JSON', '{"unterminated": ');
  bodyCase('nested 40 deep', `${'['.repeat(40)}${']'.repeat(40)}`);
  bodyCase('with a __proto__ key', '{"__proto__": {"polluted": true}}');
  if (!schemas.body) return cases;

  const base = sample(schemas.body);
  const leaves = leavesOf(schemas.body, base);
  const firstString = leaves.find((leaf) => leaf.kind === 'string');
  const invalid = JSON.stringify(
    firstString ? setAt(base, firstString.path, INVALID_UTF8_MARK) : INVALID_UTF8_MARK,
  );
  const [before, after] = invalid.split(INVALID_UTF8_MARK) as [string, string];
  bodyCase(
    'invalid UTF-8',
    Buffer.concat([Buffer.from(before), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from(after)]),
  );

  for (const leaf of leaves) {
    const at = (label: string, value: unknown, mustRefuse: boolean) =>
      bodyCase(
        `${leaf.path.join('.') || '(root)'} ${label}`,
        JSON.stringify(setAt(base, leaf.path, value)),
        mustRefuse,
      );
    const { schema } = leaf;
    if (leaf.kind === 'string') {
      at('NUL', 'a\u0000b', true);
      at('long', LONG_BODY_TEXT, schema.maxLength !== undefined);
    } else if (leaf.kind === 'number') {
      at('negative', -1, false);
      at('huge', 1e308, false);
      at('huge negative', -1e308, false);
    } else if (leaf.kind === 'array') {
      const item = Array.isArray(leaf.value) && leaf.value.length > 0 ? leaf.value[0] : 1;
      at('10,000 items', Array(10_000).fill(item), schema.maxItems !== undefined && schema.maxItems < 10_000);
      at('nested 40 deep', nested(40), true);
    } else if (leaf.kind === 'object') {
      at('extra key', { ...(leaf.value as object), walk_extra: 'x' }, schema.additionalProperties === false);
      at('nested 40 deep', nested(40), true);
    }
  }
  return cases;
}

function nested(depth: number): unknown {
  let value: unknown = [];
  for (let level = 1; level < depth; level++) value = [value];
  return value;
}

function isNumeric(schema: JsonSchema | undefined): boolean {
  const type = resolve(schema)?.type;
  return type === 'integer' || type === 'number';
}

function paramSample(schema: JsonSchema | undefined): string {
  const resolved = resolve(schema);
  if (!resolved || isNumeric(resolved)) return MISSING_ID;
  if (resolved.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  return String(sample(resolved));
}

// The branch of a union or nullable schema that a sample follows: the first that is not null.
function resolve(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (options) return resolve(options.find((o) => o.type !== 'null') ?? options[0]);
  if (Array.isArray(schema.type)) return { ...schema, type: schema.type.find((t) => t !== 'null') ?? 'null' };
  return schema;
}

const STRING_CANDIDATES = ['a', 'walk', 'a_b', 'a-b', '1', '2026-01-01', '12:00', '#aabbcc', 'AB', 'en'];
// Values a field's name asks for, so more requests get past validation to the handler.
const NAME_HINTS: [RegExp, string][] = [
  [/email/, 'walk@example.test'],
  [/url$|issuer/, 'https://example.test/'],
  [/time_?zone/, 'UTC'],
  [/language/, 'en'],
  [/domain/, 'example.com'],
  [/^logo$/, '/api/v1/attachments/walk/file/'],
];

// A plausible valid value: defaults and enums first, then the simplest value of the type.
export function sample(schema: JsonSchema | undefined, depth = 0, name = ''): unknown {
  const s = resolve(schema);
  if (!s || depth > 8) return null;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  switch (s.type) {
    case 'string': {
      if (s.format === 'email') return 'walk@example.test';
      if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (s.format === 'date-time') return '2026-01-01T00:00:00.000Z';
      if (s.format === 'uri') return 'https://example.test/';
      const pattern = s.pattern ? new RegExp(s.pattern) : null;
      const hinted = NAME_HINTS.filter(([hint]) => hint.test(name)).map(([, value]) => value);
      const text = [...hinted, ...STRING_CANDIDATES].find((c) => !pattern || pattern.test(c)) ?? 'a';
      return text.padEnd(s.minLength ?? 0, 'a');
    }
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, 1);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: Math.max(s.minItems ?? 1, 1) }, () => sample(s.items, depth + 1, name));
    case 'object':
      return Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([key, property]) => [key, sample(property, depth + 1, key)]),
      );
    default:
      return s.default ?? null;
  }
}

type Leaf = {
  path: (string | number)[];
  kind: 'string' | 'number' | 'array' | 'object';
  schema: JsonSchema;
  value: unknown;
};

// Every string, number, array and object of a sample, with the schema that produced it.
function leavesOf(schema: JsonSchema, value: unknown, path: (string | number)[] = [], depth = 0): Leaf[] {
  const s = resolve(schema);
  if (!s || depth > 8) return [];
  if (s.type === 'string') return [{ path, kind: 'string', schema: s, value }];
  if (s.type === 'integer' || s.type === 'number') return [{ path, kind: 'number', schema: s, value }];
  if (s.type === 'array' && Array.isArray(value)) {
    const items = value.length > 0 && s.items ? leavesOf(s.items, value[0], [...path, 0], depth + 1) : [];
    return [{ path, kind: 'array', schema: s, value }, ...items];
  }
  if (s.type === 'object' && value !== null && typeof value === 'object') {
    const properties = Object.entries(s.properties ?? {}).flatMap(([key, property]) =>
      leavesOf(property, (value as Record<string, unknown>)[key], [...path, key], depth + 1),
    );
    return [{ path, kind: 'object', schema: s, value }, ...properties];
  }
  return [];
}

// A copy of `root` with `value` at `path` (the root itself for an empty path).
function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(root)) {
    const copy: unknown[] = [...root];
    copy[Number(head)] = setAt(copy[Number(head)], rest, value);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(root as Record<string, unknown>) };
  copy[head] = setAt(copy[head], rest, value);
  return copy;
}
