import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type ResponseSchema = ZodType | { properties: ZodType };

// Issue 17: a response is written by fast-json-stringify, compiled once per route from the JSON
// schema of its zod schema, instead of zod encoding a copy of it and JSON.stringify writing that
// (a list page of 20 workflows: 250 µs against 40 µs, and no copy for the collector). Like zod, it
// writes only the properties the schema declares. zod stays the contract: `checked` (every
// environment but production, so every test) also encodes each response with zod, which refuses a
// response that breaks its schema as before, and refuses one the two would write differently.
// A schema JSON Schema cannot express (a transform, a date) is written by zod alone.
//
// Without `additionalProperties: false`: fast-json-stringify writes the declared properties either
// way, but picks a nullable object's or a union's branch by validating the value against it, and an
// undeclared property (which zod strips) would then match no branch.
export function responseSerializer(options: { checked: boolean }): FastifySerializerCompiler<ResponseSchema> {
  return (route) => {
    const byZod = zodSerializerCompiler(route);
    // Compiled on a route's first response, not when the app starts: an app has hundreds of routes
    // and their error responses (a third of a second to compile them all), each test file builds
    // one, and most of its routes never answer there.
    let serialize: ((data: unknown) => string) | undefined;
    return (data) => {
      serialize ??= compiled(route, byZod, options.checked);
      return serialize(data);
    };
  };
}

function compiled(
  route: Parameters<FastifySerializerCompiler<ResponseSchema>>[0],
  byZod: (data: unknown) => string,
  checked: boolean,
): (data: unknown) => string {
  const schema = jsonSchemaOf(route.schema);
  if (!schema) return byZod;
  const fast = fastJson(schema as Parameters<typeof fastJson>[0]);
  if (!checked) return fast;
  return (data) => {
    const expected = byZod(data);
    const written = fast(data);
    if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
      throw new Error(
        `The fast serializer of ${route.method} ${route.url} (${route.httpStatus}) wrote ${written.slice(0, 500)}, zod ${expected.slice(0, 500)}`,
      );
    }
    return written;
  };
}

function jsonSchemaOf(schema: ResponseSchema): object | null {
  const zod = schema instanceof z.ZodType ? schema : schema.properties;
  try {
    return withoutClosedObjects(z.toJSONSchema(zod, { io: 'output', target: 'draft-7' }));
  } catch {
    return null;
  }
}

function withoutClosedObjects<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withoutClosedObjects) as T;
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, withoutClosedObjects(value)]),
  ) as T;
}
