import { sql } from 'kysely';
import { localizedColumn } from '../../platform/reader-locale.js';
import type { Tx } from '../../platform/tenant-transaction.js';

// The names a page of tasks shows (kinds, statuses in the reader's language, regions, business
// units, assignee people and groups), read once for the page's distinct ids in one small query
// rather than as subqueries repeated for every row: at the bench seed those six per-row lookups
// were half of the extras query's planning and execution time (bench/RESULTS.md, issue 16).

export type NameIds = {
  kinds: readonly string[];
  statuses: readonly string[];
  regions: readonly string[];
  units: readonly string[];
  users: readonly string[];
  groups: readonly string[];
};

type NameKind = 'kind' | 'status' | 'region' | 'unit' | 'user' | 'group';

// One entry per id: a kind's tag rides in `code`, a status' colour too.
export type PageName = { name: string; code: string | null };
export type PageNames = Record<NameKind, ReadonlyMap<string, PageName>>;

type Row = { what: NameKind; id: string; name: string | null; code: string | null };

const distinct = (ids: readonly string[]) => [...new Set(ids)];

export const taskRowNamesRepository = {
  async namesOf(tx: Tx, tenantId: string, ids: NameIds, locale: string): Promise<PageNames> {
    const statusName = localizedColumn(
      sql.ref('st.display_name'),
      sql.ref('st.display_name_translations'),
      locale,
    );
    const result = await sql<Row>`
      select 'kind' as what, wk.id::text as id, wk.name, wk.tag as code
        from workflow_kinds wk where wk.tenant_id = ${tenantId} and wk.id = any(${distinct(ids.kinds)}::bigint[])
      union all
      select 'status', st.id::text, ${statusName}, st.color_code
        from workflow_statuses st where st.tenant_id = ${tenantId} and st.id = any(${distinct(ids.statuses)}::bigint[])
      union all
      select 'region', r.id::text, r.name, null
        from regions r where r.tenant_id = ${tenantId} and r.id = any(${distinct(ids.regions)}::bigint[])
      union all
      select 'unit', bu.id::text, bu.name, null
        from business_units bu where bu.tenant_id = ${tenantId} and bu.id = any(${distinct(ids.units)}::bigint[])
      union all
      select 'user', u.id::text, coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email), null
        from users u where u.tenant_id = ${tenantId} and u.id = any(${distinct(ids.users)}::bigint[])
      union all
      select 'group', g.id::text, g.name, null
        from groups g where g.tenant_id = ${tenantId} and g.id = any(${distinct(ids.groups)}::bigint[])`.execute(
      tx,
    );
    const names = {
      kind: new Map(),
      status: new Map(),
      region: new Map(),
      unit: new Map(),
      user: new Map(),
      group: new Map(),
    } satisfies Record<NameKind, Map<string, PageName>>;
    for (const row of result.rows) names[row.what].set(row.id, { name: row.name ?? '', code: row.code });
    return names;
  },
};
