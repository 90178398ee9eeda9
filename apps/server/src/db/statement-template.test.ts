import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { statementTemplate } from './statement-template.js';

type Tables = { workflows: { id: string; tenant_id: string; name: string; archived: boolean } };

const db = new Kysely<Tables>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

type Values = { tenantId: string; ids: string[] };
type Shape = { named: boolean };

function namesTemplate() {
  let builds = 0;
  const template = statementTemplate(
    { tenantId: 'value', ids: 'list' },
    (kysely: typeof db, values: Values, shape: Shape) => {
      builds += 1;
      return kysely
        .selectFrom('workflows')
        .select(shape.named ? ['id', 'name'] : ['id'])
        .where('tenant_id', '=', values.tenantId)
        .where('archived', '=', false)
        .where(sql<boolean>`id = any(${[...values.ids]}::bigint[])`)
        .where(sql<boolean>`tenant_id <> ${values.tenantId}`);
    },
  );
  return { template, builds: () => builds };
}

describe('statementTemplate', () => {
  it('gives each run its own values in the compiled slots, constants as compiled', () => {
    const { template } = namesTemplate();
    const first = template(db, { named: true }, { tenantId: '1', ids: ['10', '11'] });
    const second = template(db, { named: true }, { tenantId: '2', ids: ['20'] });
    expect(second.sql).toBe(first.sql);
    expect(first.parameters).toEqual(['1', false, ['10', '11'], '1']);
    expect(second.parameters).toEqual(['2', false, ['20'], '2']);
    // The same as Kysely compiles with the values themselves.
    const direct = db
      .selectFrom('workflows')
      .select(['id', 'name'])
      .where('tenant_id', '=', '2')
      .where('archived', '=', false)
      .where(sql<boolean>`id = any(${['20']}::bigint[])`)
      .where(sql<boolean>`tenant_id <> ${'2'}`)
      .compile();
    expect(second.sql).toBe(direct.sql);
    expect(second.parameters).toEqual(direct.parameters);
  });

  it('builds a shape once, and each shape apart', () => {
    const { template, builds } = namesTemplate();
    for (let i = 0; i < 5; i += 1) template(db, { named: true }, { tenantId: String(i), ids: [] });
    expect(builds()).toBe(1);
    const bare = template(db, { named: false }, { tenantId: '1', ids: [] });
    expect(builds()).toBe(2);
    expect(bare.sql).not.toContain('"name"');
  });

  it('refuses a value written into the text, a list made a value, a value inside another list', () => {
    const literal = statementTemplate({ tag: 'value' }, (kysely: typeof db, values: { tag: string }) =>
      kysely.selectFrom('workflows').select('id').where('name', '=', sql.lit(values.tag)),
    );
    expect(() => literal(db, {}, { tag: 'x' })).toThrow('written into the text');
    const reshaped = statementTemplate({ ids: 'list' }, (kysely: typeof db, values: { ids: string[] }) =>
      kysely
        .selectFrom('workflows')
        .select('id')
        .where('id', '=', values.ids[0] ?? ''),
    );
    expect(() => reshaped(db, {}, { ids: ['1'] })).toThrow('reshaped');
    const combined = statementTemplate({ id: 'value' }, (kysely: typeof db, values: { id: string }) =>
      kysely
        .selectFrom('workflows')
        .select('id')
        .where(sql<boolean>`id = any(${['0', values.id]}::bigint[])`),
    );
    expect(() => combined(db, {}, { id: '1' })).toThrow('combined');
  });
});
