import { type ObjectTypeDefinition, uniqueKeyName } from '@attest/shared';
import { SUPPLIER_OBJECT_TYPE } from '@attest/shared/testing';
import type pg from 'pg';
import { restoreIndexes, setIndexesAside } from './index-rebuild.js';

// The records benchmark's suppliers (bench/records.ts): N records of the demo's Supplier type in the
// bench tenant, written by set-based SQL (generate_series) in the shape the records module writes
// them (seed-records.ts): the record with its answers in `data`, one record_values row per answered
// field (every Supplier field is text-like, so answerSearchColumns keeps the string as text_value),
// the VAT number's record_keys row (lower(trim())), and a 'created' record_activity row with each
// field's before and after. verifySampleRecords checks a sample against the module's own functions.
// Kept between runs: a second run adds only the records missing up to N.

export const RECORDS_TYPE = SUPPLIER_OBJECT_TYPE;
const TABLES = ['records', 'record_values', 'record_keys', 'record_activity'];
const CHUNK = 100_000;

// Country, then the region of the bench tenant (bench-tenant.ts) it belongs to.
export const RECORD_COUNTRIES: [string, string][] = [
  ['DE', 'Europe'],
  ['FR', 'Europe'],
  ['GB', 'Europe'],
  ['NL', 'Europe'],
  ['ES', 'Europe'],
  ['IT', 'Europe'],
  ['SE', 'Europe'],
  ['PL', 'Europe'],
  ['CH', 'Europe'],
  ['US', 'North America'],
  ['CA', 'North America'],
  ['MX', 'Latin America'],
  ['BR', 'Latin America'],
  ['JP', 'Asia Pacific'],
  ['CN', 'Asia Pacific'],
  ['IN', 'Asia Pacific'],
  ['AU', 'Asia Pacific'],
  ['SG', 'Asia Pacific'],
  ['ZA', 'Middle East and Africa'],
  ['AE', 'Middle East and Africa'],
];
// Names as "<Prefix><noun> <form> <n>": 'north' is in 1 title of 40, 'harborlink' in 1 of 1,200.
const PREFIXES = [
  'North',
  'South',
  'Blue',
  'Green',
  'Silver',
  'Bright',
  'Iron',
  'Red',
  'Alpine',
  'Coastal',
  'Prime',
  'Nova',
  'Summit',
  'Harbor',
  'Delta',
  'Pioneer',
  'Global',
  'United',
  'Metro',
  'Atlas',
  'Vertex',
  'Orion',
  'Cedar',
  'Maple',
  'Falcon',
  'Eagle',
  'Stone',
  'River',
  'Lake',
  'Sun',
  'Star',
  'Quantum',
  'Apex',
  'Crest',
  'Pacific',
  'Nordic',
  'Royal',
  'Swift',
  'Core',
  'Bay',
];
const NOUNS = [
  'wind',
  'field',
  'bridge',
  'point',
  'gate',
  'works',
  'line',
  'port',
  'tech',
  'soft',
  'logic',
  'trade',
  'source',
  'chain',
  'link',
  'path',
  'forge',
  'stone',
  'way',
  'mark',
  'view',
  'crest',
  'dale',
  'ridge',
  'well',
  'hill',
  'land',
  'side',
  'ford',
  'mill',
];
const FORMS = ['Ltd', 'GmbH', 'SA', 'BV', 'AB', 'Inc', 'SpA', 'Sp. z o.o.'];
const CATEGORIES = (SUPPLIER_OBJECT_TYPE.fields.find((f) => f.tag === 'category')?.options ?? []).map(
  (o) => o.value,
);

export type RecordSeedTarget = {
  tenantId: string;
  userId: string;
  objectTypeId: string;
  versionId: string;
  definition: ObjectTypeDefinition;
};

// Adds the records missing up to `total`; answers how many were added.
export async function seedBenchRecords(
  client: pg.Client,
  target: RecordSeedTarget,
  total: number,
  log: (message: string) => void,
): Promise<number> {
  const existing = Number(
    (
      await client.query<{ n: string }>(
        `select count(*) as n from records where tenant_id = $1 and object_type_id = $2`,
        [target.tenantId, target.objectTypeId],
      )
    ).rows[0]?.n,
  );
  if (existing >= total) return 0;
  const regions = await client.query<{ name: string; id: string }>(
    `select name, id from regions where tenant_id = $1`,
    [target.tenantId],
  );
  const regionOf = new Map(regions.rows.map((r) => [r.name, r.id]));
  const countryRegions = RECORD_COUNTRIES.map(([, region]) => {
    const id = regionOf.get(region);
    if (!id) throw new Error(`The bench tenant has no region '${region}'`);
    return id;
  });
  // Setting the indexes aside pays only for a large load; a small top-up writes through them.
  const large = total - existing >= 100_000;
  if (large) {
    const aside = await setIndexesAside(client, TABLES);
    log(`${aside} secondary indexes of the record tables set aside`);
  }
  const fieldTags = target.definition.fields.map((f) => f.tag);
  const keyName = uniqueKeyName(['vat_number']);
  const started = performance.now();
  for (let from = existing + 1; from <= total; from += CHUNK) {
    const to = Math.min(total, from + CHUNK - 1);
    await client.query('begin');
    await client.query('set local synchronous_commit = off');
    const before = await client.query<{ max: string }>(`select coalesce(max(id), 0) as max from records`);
    const after = before.rows[0]?.max ?? '0';
    await client.query(
      `insert into records (tenant_id, object_type_id, version_id, title, data, region_id,
         created_by, created_at, updated_by, updated_at)
       select $1, $2, $3, s.name,
         jsonb_build_object('name', s.name, 'vat_number', s.country || lpad(i::text, 10, '0'),
           'country', s.country, 'category', ($8::text[])[1 + (i / 7) % cardinality($8::text[])],
           'website', 'https://supplier' || i || '.example.com',
           'contact_email', 'buyer' || i || '@supplier' || i || '.example.com'),
         s.region_id, $4, s.created, $4, s.created
       from generate_series($5::int, $6::int) as i
       cross join lateral (select
         ($9::text[])[1 + i % 40] || ($10::text[])[1 + (i / 40) % 30] || ' '
           || ($11::text[])[1 + (i / 1200) % 8] || ' ' || i as name,
         ($7::text[])[1 + (i / 3) % 20] as country,
         ($12::bigint[])[1 + (i / 3) % 20] as region_id,
         timestamptz '2026-11-01 00:00:00+00' - make_interval(secs => (i::bigint * 7919) % 94608000) as created
       ) s`,
      [
        target.tenantId,
        target.objectTypeId,
        target.versionId,
        target.userId,
        from,
        to,
        RECORD_COUNTRIES.map(([country]) => country),
        CATEGORIES,
        PREFIXES,
        NOUNS,
        FORMS,
        countryRegions,
      ],
    );
    const scope = [target.tenantId, target.objectTypeId, after];
    await client.query(
      `insert into record_values (tenant_id, object_type_id, record_id, field_tag, text_value)
       select r.tenant_id, r.object_type_id, r.id, f.tag, r.data ->> f.tag
       from records r cross join unnest($4::text[]) as f(tag)
       where r.tenant_id = $1 and r.object_type_id = $2 and r.id > $3 and r.data ? f.tag`,
      [...scope, fieldTags],
    );
    await client.query(
      `insert into record_keys (tenant_id, object_type_id, key_name, key_value, record_id)
       select r.tenant_id, r.object_type_id, $4, lower(trim(r.data ->> 'vat_number')), r.id
       from records r where r.tenant_id = $1 and r.object_type_id = $2 and r.id > $3`,
      [...scope, keyName],
    );
    await client.query(
      `insert into record_activity (tenant_id, record_id, action, actor_user_id, changes, created_at)
       select r.tenant_id, r.id, 'created', r.created_by,
         (select jsonb_agg(jsonb_build_object('field_tag', f.tag, 'before', null, 'after', r.data -> f.tag)
            order by f.n)
          from unnest($4::text[]) with ordinality as f(tag, n) where r.data ? f.tag),
         r.created_at
       from records r where r.tenant_id = $1 and r.object_type_id = $2 and r.id > $3`,
      [...scope, fieldTags],
    );
    await client.query('commit');
    const rate = Math.round((to - existing) / ((performance.now() - started) / 1000));
    log(
      `${to.toLocaleString('en')} / ${total.toLocaleString('en')} records (${rate.toLocaleString('en')}/s)`,
    );
  }
  if (large) await restoreIndexes(client, (m) => log(`  ${m}`));
  for (const table of TABLES) await client.query(`vacuum (analyze) ${table}`);
  return total - existing;
}
