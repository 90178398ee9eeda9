import { SUPPLIER_ONBOARDING_FIELDS as F } from '@attest/shared/testing';
import type pg from 'pg';
import { HIGH_RISK_COUNTRIES, MATERIAL_SPEND, ORDINARY_COUNTRIES } from './templates.js';

// Set-based SQL that copies the engine-made template workflows (templates.ts) into a million: one
// plan row per new workflow (its template, creation time, place, creator and own values), then per
// chunk one INSERT ... SELECT per table. Every stamp of the template (step opening, completion, SLA
// breach, answers, alerts, cycle end) moves by the same shift, so the timing the engine computed is
// kept; the answers a clone gets its own values for keep their template's class (high-risk country
// or not, material spend or not), so status, progress, step states and alerts stay what the engine
// decided for the template. Scratch tables are unlogged and dropped at the end.

export type TemplateRow = {
  id: string;
  finished: boolean;
  spanSeconds: number;
  highRisk: boolean;
  material: boolean;
};

const PREFIX = [
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
const NOUN = [
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
  'mark',
  'view',
  'wave',
  'stream',
  'light',
  'dale',
  'ridge',
  'haven',
  'ford',
  'mill',
  'crest',
  'way',
  'hub',
];
const SECTOR = [
  'Logistics',
  'Systems',
  'Consulting',
  'Materials',
  'Services',
  'Cloud',
  'Facilities',
  'Partners',
  'Industries',
  'Networks',
];
const SUFFIX = ['Ltd', 'GmbH', 'Inc.', 'SAS', 'BV', 'AG'];

export async function createPlan(
  client: pg.Client,
  options: {
    tenantId: string;
    count: number;
    firstId: number;
    templates: TemplateRow[];
    places: { regionId: string; businessUnitId: string }[];
    people: string[];
  },
): Promise<void> {
  await client.query(`drop table if exists bench_templates, bench_places, bench_people, bench_plan`);
  await client.query(`create unlogged table bench_templates (
      t_id bigint primary key, finished boolean, idx integer, span interval, high_risk boolean, material boolean)`);
  const byClass = new Map<boolean, number>();
  const rows = options.templates.map((t) => {
    const idx = byClass.get(t.finished) ?? 0;
    byClass.set(t.finished, idx + 1);
    return [t.id, t.finished, idx, `${t.spanSeconds} seconds`, t.highRisk, t.material];
  });
  await client.query(
    `insert into bench_templates select * from unnest($1::bigint[], $2::boolean[], $3::int[], $4::interval[], $5::boolean[], $6::boolean[])`,
    [0, 1, 2, 3, 4, 5].map((c) => rows.map((r) => r[c])),
  );
  await client.query(
    `create unlogged table bench_places (idx integer primary key, region_id bigint, bu_id bigint)`,
  );
  await client.query(
    `insert into bench_places select i - 1, r, b from unnest($1::bigint[], $2::bigint[]) with ordinality as x(r, b, i)`,
    [options.places.map((p) => p.regionId), options.places.map((p) => p.businessUnitId)],
  );
  await client.query(`create unlogged table bench_people (idx integer primary key, user_id bigint)`);
  await client.query(
    `insert into bench_people select i - 1, u from unnest($1::bigint[]) with ordinality as x(u, i)`,
    [options.people],
  );

  // Creation times spread evenly over three years; the older a workflow, the likelier it is finished
  // (approved or rejected), as in a real portfolio: 5% under two weeks, 35% under two months, 75%
  // under six months, 93% beyond. A clone never ends after now: one younger than its template's
  // history is made old enough to hold it.
  await client.query(
    `create unlogged table bench_plan as
    with g as (
      select s as draw, random() as r_age, random() as r_class, random() as r_template, random() as r_place,
        random() as r_person, random() as r_n1, random() as r_n2, random() as r_n3, random() as r_n4,
        random() as r_value, random() as r_amount, random() as r_date
      from generate_series(1, $1::int) s
    ), aged as (
      select g.*, r_age * 1095 as age_days from g
    ), chosen as (
      select a.*, (a.r_class < case when age_days < 14 then 0.05 when age_days < 60 then 0.35
        when age_days < 180 then 0.75 else 0.93 end) as finished
      from aged a
    ), counts as (select finished, count(*) as n from bench_templates group by finished),
    planned as (
    select c.draw, t.t_id, t.high_risk, t.material,
      w.created_at as template_created_at,
      least(now() - c.age_days * interval '1 day', now() - t.span - interval '1 hour') as created_at,
      pl.region_id, pl.bu_id, pe.user_id as created_by,
      ($3::text[])[1 + floor(c.r_n1 * ${PREFIX.length})::int] || ($4::text[])[1 + floor(c.r_n2 * ${NOUN.length})::int] as stem,
      ($5::text[])[1 + floor(c.r_n3 * ${SECTOR.length})::int] as sector,
      ($6::text[])[1 + floor(c.r_n4 * ${SUFFIX.length})::int] as suffix,
      case when t.high_risk then ($7::text[])[1 + floor(c.r_value * ${HIGH_RISK_COUNTRIES.length})::int]
        else ($8::text[])[1 + floor(c.r_value * ${ORDINARY_COUNTRIES.length})::int] end as country,
      case when t.material then ${MATERIAL_SPEND} + 1000 * floor(c.r_amount * 9000)
        else 5000 + 1000 * floor(c.r_amount * 990) end::numeric as amount,
      (30 + floor(c.r_date * 90))::int as contract_days
    from chosen c
    join counts n on n.finished = c.finished
    join bench_templates t on t.finished = c.finished and t.idx = floor(c.r_template * n.n)::int
    join workflows w on w.tenant_id = $9::bigint and w.id = t.t_id
    join bench_places pl on pl.idx = floor(c.r_place * (select count(*) from bench_places))::int
    join bench_people pe on pe.idx = floor(c.r_person * (select count(*) from bench_people))::int
    )
    -- Numbered in creation order, as workflows arrive in production: ids and the rows' physical
    -- order follow created_at, so date ranges read neighbouring pages as they would there.
    select row_number() over w as seq, $2::bigint + row_number() over w as id, p.*
    from planned p window w as (order by p.created_at, p.draw)`,
    [
      options.count,
      options.firstId,
      PREFIX,
      NOUN,
      SECTOR,
      SUFFIX,
      HIGH_RISK_COUNTRIES,
      ORDINARY_COUNTRIES,
      options.tenantId,
    ],
  );
  await client.query(`alter table bench_plan add primary key (seq)`);
  await client.query(`alter table bench_plan add column shift interval, add column supplier text`);
  await client.query(
    `update bench_plan set shift = created_at - template_created_at, supplier = stem || ' ' || sector || ' ' || suffix`,
  );
  await client.query(`analyze bench_plan`);
}

// One chunk of plan rows [from, to] into every workflow table, in the caller's transaction.
export async function cloneChunk(
  client: pg.Client,
  tenantId: string,
  kindName: string,
  from: number,
  to: number,
): Promise<Record<string, number>> {
  const range = [tenantId, from, to];
  const counts: Record<string, number> = {};
  const run = async (table: string, text: string, values: unknown[] = range) => {
    const t0 = performance.now();
    counts[table] = (await client.query(text, values)).rowCount ?? 0;
    if (process.env.BENCH_SEED_TIMING)
      console.log(`    ${table}: ${counts[table]} rows in ${Math.round(performance.now() - t0)} ms`);
  };
  await run(
    'workflows',
    `insert into workflows (tenant_id, id, kind_id, definition_id, name, status_id, region_id, business_unit_id,
       progress, completed_steps, created_by, created_at, updated_at, cycle_start, cycle_end)
     overriding system value
     select t.tenant_id, p.id, t.kind_id, t.definition_id, p.supplier || ' – ' || $4, t.status_id, p.region_id,
       p.bu_id, t.progress, t.completed_steps, p.created_by, p.created_at, t.updated_at + p.shift, p.created_at,
       t.cycle_end + p.shift
     from bench_plan p join workflows t on t.tenant_id = $1 and t.id = p.t_id
     where p.seq between $2 and $3`,
    [...range, kindName],
  );
  await run(
    'workflow_steps',
    `insert into workflow_steps (tenant_id, workflow_id, step_tag, step_group_tag, position, state, is_locked,
       initiated_at, completed_at, completed_by, submit_count, sla_hours, sla_breach_at, created_at, updated_at)
     select s.tenant_id, p.id, s.step_tag, s.step_group_tag, s.position, s.state, s.is_locked,
       s.initiated_at + p.shift, s.completed_at + p.shift, s.completed_by, s.submit_count, s.sla_hours,
       s.sla_breach_at + p.shift, p.created_at, coalesce(s.completed_at + p.shift, s.initiated_at + p.shift, p.created_at)
     from bench_plan p join workflow_steps s on s.tenant_id = $1 and s.workflow_id = p.t_id
     where p.seq between $2 and $3`,
  );
  await run(
    'workflow_step_users',
    `insert into workflow_step_users (tenant_id, workflow_id, step_tag, user_id, group_id, added_by, created_at)
     select u.tenant_id, p.id, u.step_tag, u.user_id, u.group_id, p.created_by, p.created_at
     from bench_plan p join workflow_step_users u on u.tenant_id = $1 and u.workflow_id = p.t_id
     where p.seq between $2 and $3`,
  );
  // The clone's own values, with the projections answerSearchColumns gives their types: char_field,
  // url, email and country text; currency the amount as number and the currency as text; naive_date
  // date and text. Every other answer is the template's, projections included.
  await run(
    'workflow_responses',
    `insert into workflow_responses (tenant_id, workflow_id, field_tag, step_tag, version, value, text_value,
       number_value, date_value, is_current, answered_by, answered_at)
     select r.tenant_id, p.id, r.field_tag, r.step_tag, r.version,
       case r.field_tag
         when $4 then to_jsonb(p.supplier)
         when $5 then to_jsonb('https://www.' || lower(p.stem) || '.example.com')
         when $6 then to_jsonb('contact@' || lower(p.stem) || '.example.com')
         when $7 then to_jsonb(p.country)
         when $8 then jsonb_set(r.value, '{amount}', to_jsonb(p.amount))
         when $9 then to_jsonb(to_char(p.created_at::date + p.contract_days, 'YYYY-MM-DD'))
         else r.value end,
       case r.field_tag
         when $4 then p.supplier
         when $5 then 'https://www.' || lower(p.stem) || '.example.com'
         when $6 then 'contact@' || lower(p.stem) || '.example.com'
         when $7 then p.country
         when $9 then to_char(p.created_at::date + p.contract_days, 'YYYY-MM-DD')
         else r.text_value end,
       case r.field_tag when $8 then p.amount else r.number_value end,
       case r.field_tag when $9 then p.created_at::date + p.contract_days else r.date_value end,
       r.is_current, r.answered_by, r.answered_at + p.shift
     from bench_plan p join workflow_responses r on r.tenant_id = $1 and r.workflow_id = p.t_id
     where p.seq between $2 and $3`,
    [...range, F.supplierName, F.website, F.contactEmail, F.country, F.annualSpend, F.contractStart],
  );
  // The current date answers in their workflow's creation order (migration 0045), which replica
  // mode's triggers do not write: the template's, the clone's own contract start as above.
  await run(
    'workflow_answer_days',
    `insert into workflow_answer_days (tenant_id, workflow_id, field_tag, date_value, workflow_created_at)
     select r.tenant_id, p.id, r.field_tag, v.date_value, p.created_at
     from bench_plan p join workflow_responses r on r.tenant_id = $1 and r.workflow_id = p.t_id
     cross join lateral (select case r.field_tag when $4 then p.created_at::date + p.contract_days
       else r.date_value end as date_value) v
     where p.seq between $2 and $3 and r.is_current and v.date_value is not null`,
    [...range, F.contractStart],
  );
  await run(
    'workflow_alerts',
    `insert into workflow_alerts (tenant_id, workflow_id, rule_tag, alert_tag, cat_color_label, step_group_tag,
       step_tag, field_tag, raised_at)
     select a.tenant_id, p.id, a.rule_tag, a.alert_tag, a.cat_color_label, a.step_group_tag, a.step_tag,
       a.field_tag, a.raised_at + p.shift
     from bench_plan p join workflow_alerts a on a.tenant_id = $1 and a.workflow_id = p.t_id and a.resolved_at is null
     where p.seq between $2 and $3`,
  );
  return counts;
}

export async function dropPlan(client: pg.Client): Promise<void> {
  await client.query(`drop table if exists bench_templates, bench_places, bench_people, bench_plan`);
}
