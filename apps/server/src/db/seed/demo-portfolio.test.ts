import { randomUUID } from 'node:crypto';
import {
  AttachmentDownloadSchema,
  evaluateWorkflow,
  FILE_FIELD_TYPES,
  type FileAnswer,
  flattenSteps,
  isOneOf,
  MENTION_PATHS,
  MentionsPageSchema,
  NOTIFICATION_PATHS,
  NotificationsPageSchema,
  WORKFLOW_PATHS,
  type WorkflowDefinition,
} from '@attest/shared';
import {
  CONTRACT_REVIEW_DEFINITION,
  type DEMO_WORKFLOW_DEFINITIONS,
  RISK_ASSESSMENT_DEFINITION,
  SUPPLIER_ONBOARDING_DEFINITION,
  SUPPLIER_ONBOARDING_FIELDS,
  SUPPLIER_ONBOARDING_STEPS,
} from '@attest/shared/testing';
import { describe, expect, it } from 'vitest';
import { fileAnswerErrors } from '../../modules/attachments/index.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { temporaryFilesDir } from '../../test/attachment-fixtures.js';
import { createTestApp, createTestTenant, TEST_PASSWORD, TestClient } from '../../test/test-app.js';
import { type DemoContext, stepTeams } from './demo-context.js';
import { allDemoWorkflows, generateDemoPortfolio } from './demo-portfolio.js';
import { seedDemoPortfolio } from './demo-portfolio-seed.js';
import { DAY_MS, type DemoKindTag } from './demo-walk.js';
import { seedDemoWorkflowSetup } from './demo-workflows.js';

const { app, adminDb, services } = await createTestApp({ FILES_DIR: temporaryFilesDir() });

const DEFINITIONS: Record<DemoKindTag, WorkflowDefinition> = {
  supplier_onboarding: SUPPLIER_ONBOARDING_DEFINITION,
  risk_assessment: RISK_ASSESSMENT_DEFINITION,
  contract_review: CONTRACT_REVIEW_DEFINITION,
};
const TEAMS = [
  'Procurement',
  'Compliance',
  'Third-Party Risk',
  'Information Security',
  'Risk Committee',
  'Legal',
];
const NOW = Date.parse('2026-11-22T06:00:00Z');

// The acme shape without a database: its regions and units, an all-team admin and an analyst.
const CONTEXT: DemoContext = {
  now: NOW,
  definitions: DEFINITIONS,
  places: [
    { regionId: '1', regionName: 'Europe', businessUnitIds: ['11', '12'] },
    { regionId: '2', regionName: 'North America', businessUnitIds: ['21', '22'] },
    { regionId: '3', regionName: 'Asia Pacific', businessUnitIds: ['31'] },
  ],
  people: [
    { id: '100', email: 'admin@acme.test', groups: TEAMS },
    { id: '101', email: 'analyst@acme.test', groups: ['Procurement', 'Compliance'] },
    { id: '102', email: 'sofia.rossi@acme.test', groups: ['Third-Party Risk'] },
  ],
};

function statusOf(kind: DemoKindTag, answers: Record<string, unknown>, steps: string[]) {
  return evaluateWorkflow(DEFINITIONS[kind], { answers, completed_steps: steps }).status;
}

describe('demo portfolio generator', () => {
  it('is deterministic: the same context gives the same workflows', () => {
    const first = generateDemoPortfolio(CONTEXT, { count: 200 });
    const second = generateDemoPortfolio(CONTEXT, { count: 200 });
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    const other = generateDemoPortfolio(CONTEXT, { count: 200, seed: 7 });
    expect(JSON.stringify(other)).not.toBe(JSON.stringify(first));
  });

  it('spreads the full portfolio over every status, place, person and the last 18 months', () => {
    const all = allDemoWorkflows(generateDemoPortfolio(CONTEXT, { count: 3000 }));
    expect(all.length).toBeGreaterThan(2700);
    expect(all.length).toBeLessThan(3300);
    const kinds = Object.keys(DEFINITIONS) as DemoKindTag[];
    for (const kind of kinds) {
      const ofKind = all.filter((w) => w.kind === kind);
      const statuses = new Set(
        ofKind.map((w) =>
          statusOf(
            kind,
            w.answers,
            w.submitted.map((s) => s.step),
          ),
        ),
      );
      expect([...statuses].sort()).toEqual(DEFINITIONS[kind].statuses.map((s) => s.tag).sort());
      expect(new Set(ofKind.map((w) => w.businessUnitId)).size).toBe(5);
      expect(new Set(ofKind.map((w) => w.createdBy)).size).toBeGreaterThan(1);
    }
    const onboardings = all.filter((w) => w.kind === 'supplier_onboarding').length;
    expect(onboardings).toBeGreaterThan(all.length * 0.4);
    // Nothing happens in the future; the history reaches back about 18 months.
    const times = all.flatMap((w) => [
      w.createdAt,
      ...w.submitted.map((s) => s.at),
      ...w.files.map((f) => f.at),
    ]);
    expect(Math.max(...times)).toBeLessThanOrEqual(NOW);
    expect(Math.min(...all.map((w) => w.createdAt))).toBeLessThan(NOW - 500 * DAY_MS);
    expect(Math.min(...all.map((w) => w.createdAt))).toBeGreaterThan(NOW - 560 * DAY_MS);
    // Alerts of every colour, including suppliers in sanctioned jurisdictions.
    const alerts = all.flatMap(
      (w) =>
        evaluateWorkflow(DEFINITIONS[w.kind], {
          answers: w.answers,
          completed_steps: w.submitted.map((s) => s.step),
        }).alerts,
    );
    expect(new Set(alerts.map((a) => a.cat_color_label))).toEqual(new Set(['R', 'A', 'G']));
    expect(alerts.filter((a) => a.alert_tag === 'high_risk_jurisdiction').length).toBeGreaterThan(10);
    // Submitted steps follow each other in time.
    for (const w of all) {
      const at = [w.createdAt, ...w.submitted.map((s) => s.at)];
      expect(at).toEqual([...at].sort((a, b) => a - b));
    }
  });

  it('leaves about one open team step in four to its team, so the analyst has group tasks to claim', () => {
    const all = allDemoWorkflows(generateDemoPortfolio(CONTEXT, { count: 3000 }));
    const teamsOf = (w: (typeof all)[number]) =>
      w.waitingOn ? stepTeams(DEFINITIONS[w.kind], w.waitingOn.step) : [];
    const open = all.filter((w) => teamsOf(w).length > 0);
    const unclaimed = open.filter((w) => w.waitingOn?.assignee === null);
    expect(unclaimed.length / open.length).toBeGreaterThan(0.15);
    expect(unclaimed.length / open.length).toBeLessThan(0.35);
    // The analyst's teams (Procurement, Compliance) in the regions they see (Europe, North America).
    const analysts = unclaimed.filter(
      (w) =>
        ['1', '2'].includes(w.regionId) && teamsOf(w).some((g) => ['Procurement', 'Compliance'].includes(g)),
    );
    expect(analysts.length).toBeGreaterThanOrEqual(20);
    // A step with no team keeps its person: nobody would be offered it otherwise.
    expect(
      all.filter((w) => w.waitingOn && teamsOf(w).length === 0 && w.waitingOn.assignee === null),
    ).toEqual([]);
  });
});

async function demoTenant() {
  const slug = `t-demo-${randomUUID().slice(0, 8)}`;
  const person = (who: string, groups: string[]) => ({
    email: `${who}@${slug}.test`,
    password: TEST_PASSWORD,
    first_name: who,
    last_name: 'Demo',
    groups,
  });
  const tenant = await createTestTenant(adminDb, {
    slug,
    regions: [
      { name: 'Europe', businessUnits: ['Procurement EU', 'Finance EU'] },
      { name: 'North America', businessUnits: ['Procurement NA', 'Legal NA'] },
      { name: 'Asia Pacific', businessUnits: ['Operations APAC'] },
    ],
    groups: [
      { name: 'Administrators', permissions: ['can_view_dashboard'] },
      { name: 'Analysts', permissions: ['can_view_dashboard'] },
    ],
    users: [person('admin', ['Administrators']), person('analyst', ['Analysts']), person('supplier', [])],
  });
  const domain = `${slug}.test`;
  await seedDemoWorkflowSetup(adminDb, tenant.id, { domain, perKind: 0 });
  return { ...tenant, slug, domain };
}

describe('demo portfolio seed', () => {
  it('writes every generated workflow through createWorkflows, with real files and linked children', async () => {
    const tenant = await demoTenant();
    const created = await seedDemoPortfolio(adminDb, tenant.id, {
      files: services.files,
      domain: tenant.domain,
      count: 200,
      now: new Date(NOW),
    });
    expect(created).toBeGreaterThan(150);

    const workflows = await adminDb
      .selectFrom('workflows as w')
      .innerJoin('workflow_kinds as k', 'k.id', 'w.kind_id')
      .innerJoin('workflow_statuses as s', 's.id', 'w.status_id')
      .select([
        'w.id',
        'w.parent_id',
        'w.parent_field_tag',
        'w.definition_id',
        'k.tag as kind',
        's.tag as status',
      ])
      .where('w.tenant_id', '=', tenant.id)
      .execute();
    expect(workflows).toHaveLength(created);
    const byId = new Map(workflows.map((w) => [w.id, w]));
    const answers = await adminDb
      .selectFrom('workflow_responses')
      .select(['workflow_id', 'field_tag', 'value'])
      .where('tenant_id', '=', tenant.id)
      .where('is_current', '=', true)
      .execute();
    const answerOf = (id: string, tag: string) =>
      answers.find((a) => a.workflow_id === id && a.field_tag === tag)?.value;

    // Each child risk assessment names its onboarding as parent, and the parent's field names it.
    const children = workflows.filter((w) => w.kind === 'risk_assessment' && w.parent_id !== null);
    expect(children.length).toBeGreaterThan(20);
    for (const child of children) {
      const parent = byId.get(child.parent_id as string);
      expect(parent?.kind).toBe('supplier_onboarding');
      expect(child.parent_field_tag).toBe(SUPPLIER_ONBOARDING_FIELDS.riskAssessments);
      expect(answerOf(parent?.id as string, SUPPLIER_ONBOARDING_FIELDS.riskAssessments)).toContain(
        Number(child.id),
      );
    }
    const contracts = workflows.filter((w) => w.kind === 'contract_review' && w.parent_id !== null);
    for (const contract of contracts) expect(byId.get(contract.parent_id as string)?.status).toBe('approved');

    // Every file answer names an attachment of that very field, with its bytes in the file store.
    const definitions = new Map<string, (typeof DEMO_WORKFLOW_DEFINITIONS)[number]>();
    for (const w of workflows) {
      if (definitions.has(w.definition_id)) continue;
      const row = await adminDb
        .selectFrom('workflow_definitions')
        .select('definition')
        .where('id', '=', w.definition_id)
        .executeTakeFirstOrThrow();
      definitions.set(w.definition_id, row.definition as unknown as WorkflowDefinition);
    }
    let fileAnswers = 0;
    await withTenant(adminDb, tenant.id, async (tx) => {
      for (const answer of answers) {
        const w = byId.get(answer.workflow_id);
        const field = flattenSteps(definitions.get(w?.definition_id as string) as WorkflowDefinition)
          .flatMap((s) => s.fields)
          .find((f) => f.tag === answer.field_tag);
        if (!field || !isOneOf(field.type, FILE_FIELD_TYPES)) continue;
        fileAnswers++;
        expect(await fileAnswerErrors(tx, answer.workflow_id, field, answer.value)).toEqual([]);
      }
    });
    expect(fileAnswers).toBeGreaterThan(100);
    const attachments = await adminDb
      .selectFrom('attachments')
      .select('storage_key')
      .distinct()
      .where('tenant_id', '=', tenant.id)
      .execute();
    for (const a of attachments) expect(await services.files.exists(a.storage_key)).toBe(true);

    // Open steps past their SLA show as overdue; alerts are raised.
    const overdue = await adminDb
      .selectFrom('workflow_steps')
      .select('workflow_id')
      .where('tenant_id', '=', tenant.id)
      .where('state', '=', 'enabled')
      .where('sla_breach_at', '<', new Date(NOW))
      .execute();
    expect(overdue.length).toBeGreaterThan(5);
    const alerts = await adminDb
      .selectFrom('workflow_alerts')
      .select('cat_color_label')
      .where('tenant_id', '=', tenant.id)
      .execute();
    expect(alerts.length).toBeGreaterThan(20);

    // Each open screening waits for its connector, as its opening would have queued it.
    const screenings = await adminDb
      .selectFrom('workflow_steps')
      .select('workflow_id')
      .where('tenant_id', '=', tenant.id)
      .where('state', '=', 'enabled')
      .where('step_tag', '=', SUPPLIER_ONBOARDING_STEPS.SCREENING)
      .execute();
    const runs = await adminDb
      .selectFrom('integration_runs')
      .select(['workflow_id', 'state'])
      .where('tenant_id', '=', tenant.id)
      .execute();
    expect(runs.map((r) => r.workflow_id).sort()).toEqual(screenings.map((s) => s.workflow_id).sort());
    expect(new Set(runs.map((r) => r.state))).toEqual(new Set(['waiting']));
  });

  it('serves the seeded workflows and their files through the API', async () => {
    const tenant = await demoTenant();
    await seedDemoPortfolio(adminDb, tenant.id, { files: services.files, domain: tenant.domain, count: 40 });
    const admin = TestClient.forTenant(app, tenant.slug);
    await admin.signIn(`admin@${tenant.domain}`);
    const certificate = await adminDb
      .selectFrom('attachments')
      .select(['workflow_id', 'field_tag'])
      .where('tenant_id', '=', tenant.id)
      .where('field_tag', '=', SUPPLIER_ONBOARDING_FIELDS.certificate)
      .limit(1)
      .executeTakeFirstOrThrow();
    const detail = await admin.get(WORKFLOW_PATHS.workflow(Number(certificate.workflow_id)));
    expect(detail.statusCode).toBe(200);
    const link = AttachmentDownloadSchema.parse(
      (
        await admin.get(
          `${WORKFLOW_PATHS.attachmentDownload}?workflow_id=${certificate.workflow_id}&field_tag=${certificate.field_tag}`,
        )
      ).json(),
    );
    const file = await admin.get(link.attachment_url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    const answer = (await adminDb
      .selectFrom('workflow_responses')
      .select('value')
      .where('workflow_id', '=', certificate.workflow_id)
      .where('field_tag', '=', certificate.field_tag)
      .where('is_current', '=', true)
      .executeTakeFirstOrThrow()) as { value: FileAnswer };
    expect(Number(file.headers['content-length'])).toBe(answer.value.size);

    // Colleagues' conversations mention the admin, some still unread; the analyst's inbox is empty.
    const mentions = MentionsPageSchema.parse((await admin.get(MENTION_PATHS.userMentions)).json());
    expect(mentions.count).toBeGreaterThan(0);
    expect(mentions.results.some((m) => !m.is_read)).toBe(true);
    const firstThread = await admin.get(MENTION_PATHS.threadMessages(mentions.results[0]?.thread as number));
    expect(firstThread.json().results[0].body).toMatch(/@\[[^\]]+\]\(user:\d+\)/);
    const analyst = TestClient.forTenant(app, tenant.slug);
    await analyst.signIn(`analyst@${tenant.domain}`);
    expect((await analyst.get(MENTION_PATHS.unreadCount)).json()).toEqual({ count: 0 });
    // Each seeded mention is in the admin's notifications too, leading to its conversation.
    const notifications = NotificationsPageSchema.parse((await admin.get(NOTIFICATION_PATHS.list)).json());
    expect(notifications.count).toBe(mentions.count);
    const times = notifications.results.map((n) => n.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(notifications.results[0]?.link).toMatch(/^\/process\/\d+\?thread=\d+/);
    expect((await admin.get(NOTIFICATION_PATHS.unreadCount)).json()).toEqual({
      count: mentions.results.filter((m) => !m.is_read).length,
    });
  });
});
