import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializer } from './response-serializer.js';

const Workflow = z.object({
  id: z.number().int(),
  name: z.string(),
  region: z.object({ id: z.number(), name: z.string() }).nullable(),
  environment: z.enum(['QA', 'UAT']).nullable(),
  badges: z.array(z.object({ tag: z.string(), colour: z.string() })),
  answers: z.record(z.string(), z.unknown()),
});
const Page = z.object({ results: z.array(Workflow), count: z.number().int() });

const rows = [
  {
    id: 7,
    name: 'Acme – Onboarding',
    region: { id: 2, name: 'Europe', internal_code: 'EU-1' },
    environment: null,
    badges: [{ tag: 'vip', colour: '#f00', created_by: 12 }],
    answers: { spend: 120_000, country: 'DE', contacts: [{ name: 'Ada' }] },
    tenant_id: '42',
  },
  { id: 8, name: 'Zed "quoted" \u2028', region: null, environment: 'QA', badges: [], answers: {} },
];

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function serve(schema: z.ZodType, data: unknown, checked: boolean) {
  app = Fastify({ logger: false });
  app.setSerializerCompiler(responseSerializer({ checked }));
  app.get('/page', { schema: { response: { 200: schema } } }, async () => data);
  return app.inject({ method: 'GET', url: '/page' });
}

// What the zod serializer alone wrote for the same schema and data (the contract).
function byZod(schema: z.ZodType, data: unknown): unknown {
  const serialize = zodSerializerCompiler({
    schema,
    method: 'GET',
    url: '/page',
    httpStatus: '200',
  } as never);
  return JSON.parse(serialize(data));
}

describe('responseSerializer', () => {
  it.each([true, false])(
    'writes what zod writes, without the undeclared properties (checked: %s)',
    async (checked) => {
      const reply = await serve(Page, { results: rows, count: 2, cursor: 'secret' }, checked);
      expect(reply.statusCode).toBe(200);
      const body = reply.json();
      expect(body).toEqual(byZod(Page, { results: rows, count: 2 }));
      // Nothing the schema does not declare leaves the server, at any depth.
      expect(reply.body).not.toMatch(/tenant_id|internal_code|created_by|secret/);
      expect(body.results[0].answers.contacts).toEqual([{ name: 'Ada' }]);
    },
  );

  it('refuses a response that breaks its schema when checked', async () => {
    const reply = await serve(Page, { results: [{ ...rows[1], id: 'eight' }], count: 1 }, true);
    expect(reply.statusCode).toBe(500);
  });

  it('leaves a schema JSON Schema cannot express to zod', async () => {
    const At = z.object({ at: z.date() });
    const data = { at: new Date('2026-11-27T10:00:00Z') };
    for (const checked of [true, false]) {
      const reply = await serve(At, data, checked);
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({ at: '2026-11-27T10:00:00.000Z' });
      await app?.close();
    }
  });
});
