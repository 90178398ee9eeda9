import { SUPPLIER_ONBOARDING_FIELDS as F } from '@attest/shared/testing';
import type pg from 'pg';
import type { BenchIds } from '../dashboard/cases.js';

// Issue 17's four questions, asked of our API at 1M workflows and of Directus 10.10 on the peer's
// 1M-row table (../shared/peer-directus/urls.txt), each side as its own list would ask them:
// - Q1c the first page (20 or 25, newest first) with the total count;
// - Q2 two statuses and one region, with the count;
// - Q4 name contains a word, with the count (ours: q, the list's name search; Directus
//   `_icontains`, which compiles to LOWER(name) LIKE);
// - Q3 an answer filter, an amount range and a country (ours: advanced filters on the supplier's
//   annual spend and country answers). Directus 10.10 cannot filter on keys of a json field: its
//   nested filter is ignored without an error (checked live, see peer.ts).

export type QuestionId = 'Q1c' | 'Q2' | 'Q4' | 'Q3';

export type Question = {
  id: QuestionId;
  title: string;
  ours: string;
  // The Directus path, or null where it cannot express the question.
  peer: string | null;
};

// Our words for the name search: 'harborlink' is one of the seed's 1,200 name stems (about 1 name
// in 1,200, the dashboard bench's rare word); Directus's '4242' matches 267 names in 1M.
export const OUR_NAME_WORD = process.env.BENCH_NAME_WORD ?? 'harborlink';
export const PEER_NAME_WORD = process.env.BENCH_PEER_NAME_WORD ?? '4242';
const SPEND = [100_000, 250_000] as const;
const COUNTRY = 'DE';

const list = (params: Record<string, string>) => `/api/v1/workflows/?${new URLSearchParams(params)}`;
const advanced = (conditions: object[]) => JSON.stringify({ compareType: 'AND', conditions, groups: [] });
const items = (filter: string) => `/items/workflows?limit=20&sort=-created_at${filter}&meta=filter_count`;

export function questions(ids: BenchIds): Question[] {
  const status = [ids.status.in_review, ids.status.draft];
  const region = ids.region.Europe;
  if (status.some((s) => !s) || !region) throw new Error('The bench tenant lacks its statuses or regions.');
  return [
    {
      id: 'Q1c',
      title: 'first page with count',
      ours: list({ page: '1', ordering: '-created_at' }),
      peer: items(''),
    },
    {
      id: 'Q2',
      title: 'status in 2 + region, with count',
      ours: list({ status__in: status.join(','), region__in: region, page: '1', ordering: '-created_at' }),
      peer: items('&filter[status_id][_in]=2,3&filter[region_id][_eq]=4'),
    },
    {
      id: 'Q4',
      title: 'name contains, with count',
      ours: list({ q: OUR_NAME_WORD, page: '1', ordering: '-created_at' }),
      peer: items(`&filter[name][_icontains]=${encodeURIComponent(PEER_NAME_WORD)}`),
    },
    {
      id: 'Q3',
      title: 'answer filter (amount range + country), with count',
      ours: list({
        kind_id: ids.kindId,
        page: '1',
        ordering: '-created_at',
        advanced_filters: advanced([
          { field: `field__${F.annualSpend}`, type: 'decimal', operator: 'range', value: [...SPEND] },
          { field: `field__${F.country}`, type: 'choice', operator: 'eq', value: COUNTRY },
        ]),
      }),
      peer: null,
    },
  ];
}

// The true number of matches of our side's questions, counted by the migrating role (no row-level
// security; the bench user sees every region, so the same rows): the API's count is checked against
// it, exact or an estimate within 10 %.
export async function exactOurCounts(admin: pg.Client, ids: BenchIds): Promise<Record<QuestionId, number>> {
  const base = `w.tenant_id = $1 and w.archived_at is null and w.test_environment is null`;
  const one = async (where: string, params: unknown[]) => {
    const { rows } = await admin.query<{ n: string }>(
      `select count(*) as n from workflows w where ${base} and ${where}`,
      [ids.tenantId, ...params],
    );
    return Number(rows[0]?.n);
  };
  const answer = (n: number, predicate: string) =>
    `exists (select 1 from workflow_responses r where r.tenant_id = w.tenant_id and r.workflow_id = w.id
      and r.is_current and r.field_tag = $${n} and ${predicate})`;
  return {
    Q1c: await one('true', []),
    Q2: await one('w.status_id = any($2::bigint[]) and w.region_id = $3', [
      [ids.status.in_review, ids.status.draft],
      ids.region.Europe,
    ]),
    Q4: await one(`lower(w.name) like $2`, [`%${OUR_NAME_WORD.toLowerCase()}%`]),
    Q3: await one(
      `w.kind_id = $2 and ${answer(3, 'r.number_value between $4 and $5')} and ${answer(6, 'r.text_value = $7')}`,
      [ids.kindId, F.annualSpend, SPEND[0], SPEND[1], F.country, COUNTRY],
    ),
  };
}
