import { SUPPLIER_ONBOARDING_FIELDS as F } from '@attest/shared/testing';
import type pg from 'pg';

// The requests the dashboard makes, as the web app encodes them (spec 1 §7 GET workflows/ and the
// kind's counts), against the bench tenant's ids.

export type BenchCase = { name: string; path: string };

export type BenchIds = {
  tenantId: string;
  userId: string;
  kindId: string;
  status: Record<string, string>;
  region: Record<string, string>;
  businessUnit: Record<string, string>;
};

export async function benchIds(client: pg.Client, slug: string, email: string): Promise<BenchIds> {
  const { rows } = await client.query<{ tenant_id: string; user_id: string; kind_id: string }>(
    `select t.id as tenant_id, u.id as user_id, k.id as kind_id from tenants t
     join users u on u.tenant_id = t.id and u.email = $2
     join workflow_kinds k on k.tenant_id = t.id and k.tag = 'supplier_onboarding'
     where t.slug = $1`,
    [slug, email],
  );
  const found = rows[0];
  if (!found) throw new Error(`No bench tenant '${slug}': run npm run bench:seed first.`);
  const named = async (text: string) => {
    const result = await client.query<{ key: string; id: string }>(text, [found.tenant_id, found.kind_id]);
    return Object.fromEntries(result.rows.map((r) => [r.key, r.id]));
  };
  return {
    tenantId: found.tenant_id,
    userId: found.user_id,
    kindId: found.kind_id,
    status: await named(`select tag as key, id from workflow_statuses where tenant_id = $1 and kind_id = $2`),
    region: await named(
      `select name as key, id from regions where tenant_id = $1 and $2::bigint is not null`,
    ),
    businessUnit: await named(
      `select name as key, id from business_units where tenant_id = $1 and $2::bigint is not null`,
    ),
  };
}

const list = (params: Record<string, string>) => `/api/v1/workflows/?${new URLSearchParams(params)}`;
const advanced = (conditions: object[]) => JSON.stringify({ compareType: 'AND', conditions, groups: [] });

export function dashboardCases(ids: BenchIds): BenchCase[] {
  const kind = { kind_id: ids.kindId };
  return [
    {
      name: 'default list, every kind (page 1, -created_at)',
      path: list({ page: '1', ordering: '-created_at' }),
    },
    { name: 'kind view, page 1', path: list({ ...kind, page: '1', ordering: '-created_at' }) },
    {
      name: 'status__in + region__in',
      path: list({
        ...kind,
        status__in: [ids.status.in_review, ids.status.draft].join(','),
        region__in: [ids.region.Europe, ids.region['North America']].join(','),
        page: '1',
      }),
    },
    {
      name: 'kind + business unit + created range (one quarter)',
      path: list({
        ...kind,
        business_unit__in: ids.businessUnit['Procurement EU'] ?? '',
        created_range_after: quarterAgo(180),
        created_range_before: quarterAgo(90),
        page: '1',
      }),
    },
    { name: "q search, common ('north', 1 in 40)", path: list({ ...kind, q: 'north', page: '1' }) },
    {
      name: "q search, rare ('harborlink', 1 in 1,200)",
      path: list({ ...kind, q: 'harborlink', page: '1' }),
    },
    { name: 'my tasks (filter_by_group=me)', path: list({ filter_by_group: 'me', page: '1' }) },
    { name: 'deep page (page 500, offset 9,980)', path: list({ ...kind, page: '500' }) },
    {
      name: 'advanced: annual spend range 100k-250k',
      path: list({
        ...kind,
        page: '1',
        advanced_filters: advanced([
          { field: `field__${F.annualSpend}`, type: 'decimal', operator: 'range', value: [100_000, 250_000] },
        ]),
      }),
    },
    {
      name: "advanced: category eq 'logistics'",
      path: list({
        ...kind,
        page: '1',
        advanced_filters: advanced([
          { field: `field__${F.category}`, type: 'choice', operator: 'eq', value: 'logistics' },
        ]),
      }),
    },
    {
      // The side-by-side answer question (issue 17): a number range and a text equality together.
      name: "advanced: annual spend range 100k-250k + country eq 'DE'",
      path: list({
        ...kind,
        page: '1',
        advanced_filters: advanced([
          { field: `field__${F.annualSpend}`, type: 'decimal', operator: 'range', value: [100_000, 250_000] },
          { field: `field__${F.country}`, type: 'choice', operator: 'eq', value: 'DE' },
        ]),
      }),
    },
    {
      name: 'advanced: contract start range (one quarter)',
      path: list({
        ...kind,
        page: '1',
        advanced_filters: advanced([
          {
            field: `field__${F.contractStart}`,
            type: 'naive_date',
            operator: 'range',
            value: [quarterAgo(180), quarterAgo(90)],
          },
        ]),
      }),
    },
    {
      name: 'ordering by an answer (-annual spend)',
      path: list({ ...kind, page: '1', ordering: `-field__${F.annualSpend}` }),
    },
    {
      name: 'stepgroup counts of the kind',
      path: `/api/v1/workflow-kinds/${ids.kindId}/count/?type=stepgroup`,
    },
    { name: 'alert counts of the kind', path: `/api/v1/workflow-kinds/${ids.kindId}/alert-count/` },
  ];
}

// A day `days` ago, as the date filter sends it (YYYY-MM-DD, a whole day in UTC).
function quarterAgo(days: number): string {
  return new Date(Date.now() - days * 24 * 3600 * 1000).toISOString().slice(0, 10);
}
