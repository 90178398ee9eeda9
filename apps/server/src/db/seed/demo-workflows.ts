import { flattenSteps, type PermissionCodename } from '@attest/shared';
import { DEMO_WORKFLOW_DEFINITIONS, SUPPLIER_OBJECT_TYPE } from '@attest/shared/testing';
import { sql } from 'kysely';
import { seedDemoStudioApp } from '../../modules/studio/index.js';
import { createWorkflows, currentKind, type NewWorkflow } from '../../modules/workflows/index.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import type { Db } from '../database.js';
import { demoHistory, type Pick } from './demo-answers.js';

// The teams the demo definitions assign steps to (their assignees' group_names), with what they do.
export const DEMO_WORKFLOW_GROUPS: { name: string; permissions: PermissionCodename[] }[] = [
  { name: 'Procurement', permissions: ['can_view_dashboard', 'can_view_tasks', 'can_submit_step'] },
  {
    name: 'Compliance',
    permissions: [
      'can_view_dashboard',
      'can_view_tasks',
      'can_submit_step',
      'can_view_alerts',
      'can_view_activity_log',
    ],
  },
  {
    name: 'Third-Party Risk',
    permissions: [
      'can_view_dashboard',
      'can_view_tasks',
      'can_submit_step',
      'can_view_alerts',
      'can_view_progress_map',
    ],
  },
  { name: 'Information Security', permissions: ['can_view_dashboard', 'can_view_tasks', 'can_submit_step'] },
  {
    name: 'Risk Committee',
    permissions: [
      'can_view_dashboard',
      'can_view_tasks',
      'can_submit_step',
      'can_undo_step',
      'can_archive_workflow',
      'can_view_alerts',
      'can_view_activity_log',
    ],
  },
  {
    name: 'Legal',
    permissions: ['can_view_dashboard', 'can_view_tasks', 'can_submit_step', 'can_view_activity_log'],
  },
];

const ANALYST_GROUPS = ['Procurement', 'Compliance'];
const ANALYST_FULL_REGIONS = ['Europe', 'North America'];

// A deterministic random source, so every fresh demo database holds the same content.
export function seededPick(seed: number): Pick {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
}

async function ensureGroups(tx: Tx, tenantId: string) {
  await tx
    .insertInto('groups')
    .values(DEMO_WORKFLOW_GROUPS.map((g) => ({ tenant_id: tenantId, name: g.name })))
    .onConflict((oc) => oc.columns(['tenant_id', 'name']).doNothing())
    .execute();
  const groups = await tx
    .selectFrom('groups')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .execute();
  const idOf = new Map(groups.map((g) => [g.name, g.id]));
  const permissions = DEMO_WORKFLOW_GROUPS.flatMap((g) =>
    g.permissions.map((codename) => ({ tenant_id: tenantId, group_id: idOf.get(g.name) ?? '', codename })),
  );
  const analysts = idOf.get('Analysts');
  if (analysts) permissions.push({ tenant_id: tenantId, group_id: analysts, codename: 'can_submit_step' });
  await tx
    .insertInto('group_permissions')
    .values(permissions)
    .onConflict((oc) => oc.doNothing())
    .execute();
  return idOf;
}

async function grantDemoAccess(tx: Tx, tenantId: string, domain: string, groupIds: Map<string, string>) {
  const users = await tx
    .selectFrom('users')
    .select(['id', 'email'])
    .where('tenant_id', '=', tenantId)
    .execute();
  const userId = (who: string) => users.find((u) => u.email === `${who}@${domain}`)?.id;
  const admin = userId('admin');
  const analyst = userId('analyst');
  const memberships = [
    ...(admin ? DEMO_WORKFLOW_GROUPS.map((g) => ({ user: admin, group: g.name })) : []),
    ...(analyst ? ANALYST_GROUPS.map((group) => ({ user: analyst, group })) : []),
  ].flatMap(({ user, group }) => {
    const group_id = groupIds.get(group);
    return group_id ? [{ tenant_id: tenantId, user_id: user, group_id }] : [];
  });
  if (memberships.length) {
    await tx
      .insertInto('user_groups')
      .values(memberships)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  // The supplier gets no region: suppliers see only what is assigned to them.
  const regions = await tx
    .selectFrom('regions')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .execute();
  const access = [
    ...(admin ? regions.map((r) => ({ user_id: admin, region_id: r.id })) : []),
    ...(analyst
      ? regions
          .filter((r) => ANALYST_FULL_REGIONS.includes(r.name))
          .map((r) => ({ user_id: analyst, region_id: r.id }))
      : []),
  ].map((row) => ({ ...row, tenant_id: tenantId, access: 'full' as const }));
  if (access.length) {
    await tx
      .insertInto('user_region_access')
      .values(access)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return [admin, analyst].filter((id): id is string => id !== undefined);
}

// Demo workflows of every demo kind, spread over places, dates, people and stages of progress: a
// workflow has 0 to all of its steps submitted. Supplier onboardings take their risk assessments
// from a pool created first, which then become their children. For a few thousand, call it with a
// larger perKind; it writes in multi-row statements (createWorkflows).
export async function seedDemoWorkflows(
  tx: Tx,
  tenantId: string,
  options: { perKind: number; people: readonly string[]; pick: Pick; now?: Date },
): Promise<number> {
  const { pick, people, perKind } = options;
  const now = options.now ?? new Date();
  const places = await tx
    .selectFrom('business_units')
    .select(['id', 'region_id'])
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .execute();
  if (places.length === 0 || people.length === 0) return 0;
  const kinds = await Promise.all(
    DEMO_WORKFLOW_DEFINITIONS.map((d) => currentKind(tx, tenantId, { tag: d.kind.tag })),
  );
  const byTag = new Map(kinds.map((k) => [k.tag, k]));
  const childKindTags = new Set(
    kinds.flatMap((k) =>
      flattenSteps(k.definition).flatMap((s) => s.fields.flatMap((f) => f.child_kind_tag ?? [])),
    ),
  );

  const plan = (kind: (typeof kinds)[number], index: number, childIds: () => number[]): NewWorkflow => {
    const place = pick(places);
    const createdAt = new Date(now.getTime() - pick([2, 5, 9, 14, 21, 30, 45, 60, 90]) * 24 * 3600 * 1000);
    const steps = flattenSteps(kind.definition).length;
    const history = demoHistory(kind.definition, pick([...Array(steps + 1).keys()]), {
      pick,
      createdAt,
      people,
      childIds,
    });
    // Named after its first answered name, else its first chosen option (a risk domain), as people do.
    const fields = flattenSteps(kind.definition).flatMap((s) => s.fields);
    const named = fields.find((f) => f.type === 'char_field' && typeof history.answers[f.tag] === 'string');
    const chosen = fields.find((f) => f.options && typeof history.answers[f.tag] === 'string');
    const option = chosen?.options?.find((o) => o.value === history.answers[chosen.tag]);
    const label = named ? String(history.answers[named.tag]) : option?.label;
    return {
      kind,
      name: label ? `${label} – ${kind.name}` : `${kind.name} ${index + 1}`,
      regionId: place.region_id,
      businessUnitId: place.id,
      createdBy: pick(people),
      createdAt,
      answers: history.answers,
      submitted: history.submitted,
    };
  };

  // First the kinds other kinds start as children, with a pool for the parents to take from.
  const pool: number[] = [];
  let created = 0;
  for (const tag of childKindTags) {
    const kind = byTag.get(tag);
    if (!kind) continue;
    const ids = await createWorkflows(
      tx,
      tenantId,
      [...Array(perKind * 2).keys()].map((i) => plan(kind, i, () => [])),
    );
    pool.push(...ids.slice(perKind).map(Number));
    created += ids.length;
  }
  const taken = new Map<number, string>();
  for (const kind of kinds.filter((k) => !childKindTags.has(k.tag))) {
    let current: number[] = [];
    const inputs = [...Array(perKind).keys()].map((i) => {
      current = [];
      const input = plan(kind, i, () => {
        const id = pool.pop();
        if (id !== undefined) current.push(id);
        return id === undefined ? [] : [id];
      });
      return { input, children: current };
    });
    const ids = await createWorkflows(
      tx,
      tenantId,
      inputs.map((i) => i.input),
    );
    inputs.forEach((item, i) => {
      for (const child of item.children) taken.set(child, ids[i] as string);
    });
    created += ids.length;
  }
  const field = kinds
    .flatMap((k) => flattenSteps(k.definition))
    .flatMap((st) => st.fields)
    .find((f) => f.type === 'child_workflow');
  const pairs = [...taken];
  for (let i = 0; i < pairs.length; i += 1000) {
    const values = pairs
      .slice(i, i + 1000)
      .map(([child, parent]) => sql`(${String(child)}::bigint, ${parent}::bigint)`);
    // A child lives where its parent does.
    await sql`
      update workflows c
      set parent_id = p.id, parent_field_tag = ${field?.tag ?? null},
        region_id = p.region_id, business_unit_id = p.business_unit_id
      from (values ${sql.join(values)}) as v (child, parent)
      join workflows p on p.id = v.parent and p.tenant_id = ${tenantId}
      where c.id = v.child and c.tenant_id = ${tenantId}
    `.execute(tx);
  }
  return created;
}

// The seed runs as the tables' owner, whom row-level security does not restrict: every query here
// and in what it calls names the tenant explicitly (ids are unique across tenants).

// The workflow engine's demo setup of one tenant: the teams, region access, the demo definitions
// and, with perKind > 0, demo workflows. Runs once per tenant: a tenant that has workflow kinds is
// left alone, so `npm start` can call it on every boot.
export async function seedDemoWorkflowSetup(
  adminDb: Db,
  tenantId: string,
  options: { domain: string; perKind: number },
): Promise<boolean> {
  return withTenant(adminDb, tenantId, async (tx) => {
    const existing = await tx
      .selectFrom('workflow_kinds')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .limit(1)
      .executeTakeFirst();
    if (existing) return false;
    const groupIds = await ensureGroups(tx, tenantId);
    const people = await grantDemoAccess(tx, tenantId, options.domain, groupIds);
    // The studio opens on these kinds: version 1.0 of a demo app, live on Production (issue 15),
    // whose deployment publishes the Supplier object type, then the demo definitions (the supplier
    // onboarding's supplier_record field picks Supplier records).
    await seedDemoStudioApp(tx, tenantId, {
      name: 'Third-party risk',
      description: 'Supplier onboarding, risk assessments and contract reviews: the processes the demo runs.',
      icon: 'building',
      processes: DEMO_WORKFLOW_DEFINITIONS,
      objects: [SUPPLIER_OBJECT_TYPE],
      userId: people[0] ?? null,
    });
    if (options.perKind > 0) {
      await seedDemoWorkflows(tx, tenantId, { perKind: options.perKind, people, pick: seededPick(4) });
    }
    return true;
  });
}
