import type { WorkflowDefinition } from '@attest/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import { createWorkflows } from '../modules/workflows/index.js';
import { withTenant } from '../platform/tenant-transaction.js';
import { grant, idsOf, userId } from './admin-fixtures.js';
import { createTestTenant, TestClient } from './test-app.js';
import { grantRegion, publishAll } from './workflow-fixtures.js';

// A kind whose fields cover every filterable attribute type, its child and grandchild kinds, and a
// handful of workflows with known answers: the data the dashboard tests check rows against.
export const LAB = {
  form: 'lab__intake__form',
  check: 'lab__review__check',
  title: 'lab__intake__form__title',
  notes: 'lab__intake__form__notes',
  site: 'lab__intake__form__site',
  contact: 'lab__intake__form__contact',
  phone: 'lab__intake__form__phone',
  items: 'lab__intake__form__items',
  count: 'lab__intake__form__count',
  amount: 'lab__intake__form__amount',
  due: 'lab__intake__form__due',
  day: 'lab__intake__form__day',
  period: 'lab__intake__form__period',
  active: 'lab__intake__form__active',
  color: 'lab__intake__form__color',
  colors: 'lab__intake__form__colors',
  tags: 'lab__intake__form__tags',
  owner: 'lab__intake__form__owner',
  data: 'lab__intake__form__data',
  doc: 'lab__intake__form__doc',
  children: 'lab__review__check__children',
} as const;

const COLORS = [
  { value: 'red', label: 'Red' },
  { value: 'green', label: 'Green' },
  { value: 'blue', label: 'Blue' },
];

export function leafKind(tag: string, name: string, childKindTag?: string): WorkflowDefinition {
  return {
    schema_version: 1,
    version: 1,
    kind: { tag, name },
    statuses: [{ tag: 'open', display_name: 'Open', color_code: '#868e96' }],
    initial_status: 'open',
    step_groups: [
      {
        tag: `${tag}__main`,
        name: 'Main',
        steps: [
          {
            tag: `${tag}__main__step`,
            name: 'Step',
            fields: [
              { tag: `${tag}__main__step__note`, type: 'text', label: 'Note' },
              ...(childKindTag
                ? [
                    {
                      tag: `${tag}__main__step__kids`,
                      type: 'child_workflow' as const,
                      label: 'Kids',
                      child_kind_tag: childKindTag,
                    },
                  ]
                : []),
            ],
          },
        ],
      },
    ],
  };
}

export function labDefinition(memberEmail: string): WorkflowDefinition {
  return {
    schema_version: 1,
    version: 1,
    kind: { tag: 'lab', name: 'Lab' },
    statuses: [
      { tag: 'draft', display_name: 'Draft', color_code: '#868e96' },
      { tag: 'in_review', display_name: 'In Review', color_code: '#1c7ed6' },
    ],
    initial_status: 'draft',
    step_groups: [
      {
        tag: 'lab__intake',
        name: 'Intake',
        steps: [
          {
            tag: LAB.form,
            name: 'Form',
            sla_hours: 24,
            assignees: { user_emails: [memberEmail] },
            on_submit: { set_status: 'in_review' },
            fields: [
              { tag: LAB.title, type: 'char_field', label: 'Title', required: true },
              { tag: LAB.notes, type: 'text', label: 'Notes' },
              { tag: LAB.site, type: 'url', label: 'Site' },
              { tag: LAB.contact, type: 'email', label: 'Contact' },
              { tag: LAB.phone, type: 'phone', label: 'Phone' },
              { tag: LAB.items, type: 'array', label: 'Items' },
              { tag: LAB.count, type: 'integer', label: 'Count', required: true },
              { tag: LAB.amount, type: 'decimal', label: 'Amount' },
              { tag: LAB.due, type: 'date', label: 'Due' },
              { tag: LAB.day, type: 'naive_date', label: 'Day' },
              { tag: LAB.period, type: 'relative_date', label: 'Period' },
              { tag: LAB.active, type: 'bool', label: 'Active' },
              { tag: LAB.color, type: 'single_select', label: 'Color', required: true, options: COLORS },
              { tag: LAB.colors, type: 'multi_select', label: 'Colors', options: COLORS },
              { tag: LAB.tags, type: 'badge_tags', label: 'Tags' },
              { tag: LAB.owner, type: 'owner', label: 'Owner' },
              { tag: LAB.data, type: 'json', label: 'Data' },
              { tag: LAB.doc, type: 'file', label: 'Document' },
              { tag: 'lab__intake__form__intro', type: 'paragraph', label: 'Intro', content: 'Read me' },
            ],
          },
        ],
      },
      {
        tag: 'lab__review',
        name: 'Review',
        steps: [
          {
            tag: LAB.check,
            name: 'Check',
            assignees: { group_names: ['Members'] },
            fields: [
              { tag: LAB.children, type: 'child_workflow', label: 'Children', child_kind_tag: 'lab_child' },
            ],
          },
        ],
      },
    ],
    alert_rules: [
      {
        tag: 'big_count',
        when: { field: LAB.count, op: 'gte', value: 10 },
        cat_color_label: 'R',
        alert_tag: 'big_count',
        field: LAB.count,
      },
    ],
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

// Lab workflows, all in Europe: A (Paris, open, past its SLA), B (Paris, intake submitted, now in
// review, alert raised), C (Berlin, no answers, created by the member), D (Asia: hidden from the
// member) and a child and grandchild of other kinds.
export async function dashboardTestTenant(app: FastifyInstance, adminDb: Db) {
  const tenant = await createTestTenant(adminDb, {
    regions: [
      { name: 'Europe', businessUnits: ['Paris', 'Berlin'] },
      { name: 'Asia', businessUnits: ['Tokyo'] },
    ],
  });
  const ids = await idsOf(adminDb, tenant.id);
  const email = (who: string) => `${who}@${tenant.slug}.test`;
  const admin = userId(tenant, email('admin'));
  const member = userId(tenant, email('member'));
  await grantRegion(adminDb, tenant.id, admin, ids.region('Europe'), 'full');
  await grantRegion(adminDb, tenant.id, admin, ids.region('Asia'), 'full');
  await grantRegion(adminDb, tenant.id, member, ids.region('Europe'), 'full');
  await grant(adminDb, tenant.id, member, ['can_view_alerts']);
  const [grandchild, child, lab] = await publishAll(adminDb, tenant.id, [
    leafKind('lab_grandchild', 'Lab grandchild'),
    leafKind('lab_child', 'Lab child', 'lab_grandchild'),
    labDefinition(email('member')),
  ]);
  const now = Date.now();
  const kind = (published: typeof lab, definition: WorkflowDefinition) => ({
    id: String(published?.kindId),
    definitionId: String(published?.definitionId),
    definition,
  });
  const labKind = kind(lab, labDefinition(email('member')));
  const place = (region: string, unit: string) => ({
    regionId: String(ids.region(region)),
    businessUnitId: String(ids.unit(unit)),
  });
  const answersA = {
    [LAB.title]: 'Alpha 50% off',
    [LAB.notes]: "O'Brien; drop table workflows;--",
    [LAB.site]: 'https://alpha.example.com',
    [LAB.contact]: 'ann@alpha.test',
    [LAB.phone]: '+441234567890',
    [LAB.items]: ['x', 'y'],
    [LAB.count]: 5,
    [LAB.amount]: 10.5,
    [LAB.due]: new Date(now - 10 * DAY_MS).toISOString(),
    [LAB.day]: new Date(now - 10 * DAY_MS).toISOString().slice(0, 10),
    [LAB.period]: '7d',
    [LAB.active]: true,
    [LAB.color]: 'red',
    [LAB.colors]: ['red', 'blue'],
    [LAB.tags]: ['critical', 'kyc'],
    [LAB.owner]: admin,
    [LAB.data]: { a: 1 },
    [LAB.doc]: { id: 1, name: 'contract_v2.pdf', size: 10, content_type: 'application/pdf' },
  };
  const created = await withTenant(adminDb, tenant.id, (tx) =>
    createWorkflows(tx, tenant.id, [
      {
        kind: labKind,
        name: 'Alpha',
        ...place('Europe', 'Paris'),
        createdBy: String(admin),
        createdAt: new Date(now - 10 * DAY_MS),
        answers: answersA,
      },
      {
        kind: labKind,
        name: 'Beta',
        ...place('Europe', 'Paris'),
        createdBy: String(admin),
        createdAt: new Date(now - 100 * DAY_MS),
        answers: {
          [LAB.title]: 'Beta_1 back\\slash',
          [LAB.notes]: 'plain',
          [LAB.site]: 'https://beta.example.org',
          [LAB.contact]: 'bob@beta.test',
          [LAB.phone]: '+33123456789',
          [LAB.items]: ['z'],
          [LAB.count]: 20,
          [LAB.amount]: 99.99,
          [LAB.due]: new Date(now - 100 * DAY_MS).toISOString(),
          [LAB.day]: new Date(now - 100 * DAY_MS).toISOString().slice(0, 10),
          [LAB.period]: '2w',
          [LAB.active]: false,
          [LAB.color]: 'green',
          [LAB.colors]: ['green'],
          [LAB.tags]: ['low'],
          [LAB.owner]: member,
          [LAB.data]: { b: 2 },
        },
        submitted: [{ step: LAB.form, at: new Date(now - 100 * DAY_MS + 60 * 60 * 1000), by: String(admin) }],
      },
      {
        kind: labKind,
        name: 'Gamma',
        ...place('Europe', 'Berlin'),
        createdBy: String(member),
        createdAt: new Date(now - 2 * 60 * 60 * 1000),
      },
      {
        kind: labKind,
        name: 'Delta',
        ...place('Asia', 'Tokyo'),
        createdBy: String(admin),
        createdAt: new Date(now - 5 * DAY_MS),
        answers: answersA,
      },
    ]),
  );
  const [alphaId] = created;
  const [childId] = await withTenant(adminDb, tenant.id, (tx) =>
    createWorkflows(tx, tenant.id, [
      {
        kind: kind(child, leafKind('lab_child', 'Lab child', 'lab_grandchild')),
        name: 'Alpha child',
        ...place('Europe', 'Paris'),
        parentId: alphaId ?? null,
        createdBy: String(admin),
      },
    ]),
  );
  await withTenant(adminDb, tenant.id, (tx) =>
    createWorkflows(tx, tenant.id, [
      {
        kind: kind(grandchild, leafKind('lab_grandchild', 'Lab grandchild')),
        name: 'Alpha grandchild',
        ...place('Europe', 'Paris'),
        parentId: childId ?? null,
        createdBy: String(admin),
      },
    ]),
  );
  const signedIn = async (who: 'admin' | 'member' | 'supplier') => {
    const client = TestClient.forTenant(app, tenant.slug);
    await client.signIn(email(who));
    return client;
  };
  const [a, b, c, d] = created.map(Number);
  return {
    ...tenant,
    ids,
    email,
    users: { admin, member },
    kinds: { lab: Number(lab?.kindId), child: Number(child?.kindId), grandchild: Number(grandchild?.kindId) },
    workflows: { alpha: a as number, beta: b as number, gamma: c as number, delta: d as number },
    signedIn,
  };
}

export type DashboardTestTenant = Awaited<ReturnType<typeof dashboardTestTenant>>;
