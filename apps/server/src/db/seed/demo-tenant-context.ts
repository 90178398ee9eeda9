import type { NewWorkflow } from '../../modules/workflows/index.js';
import { currentKind } from '../../modules/workflows/index.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import type { DemoContext, DemoPerson, DemoPlace } from './demo-context.js';
import type { DemoKindTag } from './demo-walk.js';

const KIND_TAGS: readonly DemoKindTag[] = ['supplier_onboarding', 'risk_assessment', 'contract_review'];

export type Kinds = Record<DemoKindTag, NewWorkflow['kind']>;

// What the generator needs of a tenant (its published demo kinds, places and people, in id order so
// the same tenant shape gives the same portfolio). The seed runs as the tables' owner, past
// row-level security: every query names the tenant.
export async function loadDemoContext(tx: Tx, tenantId: string, now: number) {
  const kinds = {} as Kinds;
  for (const tag of KIND_TAGS) kinds[tag] = await currentKind(tx, tenantId, { tag });
  const units = await tx
    .selectFrom('regions as r')
    .leftJoin('business_units as b', (join) =>
      join.onRef('b.region_id', '=', 'r.id').on('b.tenant_id', '=', tenantId),
    )
    .select(['r.id as regionId', 'r.name as regionName', 'b.id as unitId'])
    .where('r.tenant_id', '=', tenantId)
    .orderBy('r.id')
    .orderBy('b.id')
    .execute();
  const places = new Map<string, DemoPlace & { businessUnitIds: string[] }>();
  for (const u of units) {
    const place = places.get(u.regionId) ?? {
      regionId: u.regionId,
      regionName: u.regionName,
      businessUnitIds: [],
    };
    if (u.unitId) place.businessUnitIds.push(u.unitId);
    places.set(u.regionId, place);
  }
  const members = await tx
    .selectFrom('users as u')
    .leftJoin('user_groups as ug', (join) =>
      join.onRef('ug.user_id', '=', 'u.id').on('ug.tenant_id', '=', tenantId),
    )
    .leftJoin('groups as g', (join) =>
      join.onRef('g.id', '=', 'ug.group_id').on('g.tenant_id', '=', tenantId),
    )
    .select(['u.id', 'u.email', 'g.name as group'])
    .where('u.tenant_id', '=', tenantId)
    .where('u.kind', '=', 1)
    .where('u.is_active', '=', true)
    .orderBy('u.id')
    .orderBy('g.name')
    .execute();
  const people = new Map<string, DemoPerson & { groups: string[] }>();
  for (const m of members) {
    const person = people.get(m.id) ?? { id: m.id, email: m.email, groups: [] };
    if (m.group) person.groups.push(m.group);
    people.set(m.id, person);
  }
  const context: DemoContext = {
    now,
    definitions: {
      supplier_onboarding: kinds.supplier_onboarding.definition,
      risk_assessment: kinds.risk_assessment.definition,
      contract_review: kinds.contract_review.definition,
    },
    places: [...places.values()],
    people: [...people.values()],
  };
  return { kinds, context };
}
