import {
  ActivityPageSchema,
  AvailableStatusesPageSchema,
  DASHBOARD_PATHS,
  FieldsExportSchema,
  PREFERENCE_PATHS,
  REPORT_PATHS,
  RecentActivitySchema,
  ReportResultSchema,
  WORKFLOW_PATHS,
  WorkflowDefinitionSchema,
  WorkflowDetailSchema,
  WorkflowKindsPageSchema,
  WorkflowListPageSchema,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import {
  createVendorCheck,
  publishAll,
  VC,
  VENDOR_CHECK_DEFINITION,
  workflowTestTenant,
} from '../../test/workflow-fixtures.js';

const { app, adminDb } = await createTestApp();

// Issue 14: a status's name is shown in the reader's language wherever people read it, falling
// back regional -> base -> the name the tenant wrote.
const TRANSLATED = {
  ...VENDOR_CHECK_DEFINITION,
  statuses: VENDOR_CHECK_DEFINITION.statuses.map((status) =>
    status.tag === 'draft'
      ? { ...status, display_name_translations: { ar: 'مسودة', es: 'Borrador', 'es-MX': 'Borrador (MX)' } }
      : status,
  ),
};

async function tenantReading(language: string | null) {
  const t = await workflowTestTenant(app, adminDb);
  await publishAll(adminDb, t.id, [TRANSLATED]);
  await adminDb
    .updateTable('users')
    .set({ prefered_language: language })
    .where('tenant_id', '=', t.id)
    .where('id', '=', String(t.users.admin))
    .execute();
  const client = await t.signedIn('admin');
  const workflowId = await createVendorCheck(t, client);
  return { t, client, workflowId };
}

// Every place the API names the new workflow's status (Draft), as the admin reads it.
async function draftNamesSeen({ t, client, workflowId }: Awaited<ReturnType<typeof tenantReading>>) {
  const kinds = WorkflowKindsPageSchema.parse((await client.get(`${WORKFLOW_PATHS.kinds}?limit=200`)).json());
  const statuses = AvailableStatusesPageSchema.parse(
    (await client.get(`${WORKFLOW_PATHS.statuses}?kind_id=${t.kinds.vendor}`)).json(),
  );
  const list = WorkflowListPageSchema.parse(
    (await client.get(`${DASHBOARD_PATHS.workflows}?kind_id=${t.kinds.vendor}`)).json(),
  );
  const detail = WorkflowDetailSchema.parse((await client.get(WORKFLOW_PATHS.workflow(workflowId))).json());
  await client.post(PREFERENCE_PATHS.recentActivity, { workflow_id: workflowId });
  const recent = RecentActivitySchema.parse((await client.get(PREFERENCE_PATHS.recentActivity)).json());
  const fields = FieldsExportSchema.parse(
    (await client.get(`${DASHBOARD_PATHS.fieldsExportJson}?active_kind=${t.kinds.vendor}`)).json(),
  );
  const report = await client.post(REPORT_PATHS.preview, {
    config: { kind_id: t.kinds.vendor, group_by: [{ source: 'workflow__status_label' }] },
  });
  expect(report.statusCode, report.body).toBe(200);
  return {
    kinds: kinds.results
      .find((k) => k.id === t.kinds.vendor)
      ?.available_statuses.find((s) => s.tag === 'draft')?.display_name,
    statuses: statuses.results.find((s) => s.tag === 'draft')?.display_name,
    list: list.results.find((w) => w.id === workflowId)?.status.display_name,
    detail: detail.status.display_name,
    recent: recent.recently_viewed_workflows.find((w) => w.id === workflowId)?.status.display_name,
    filter: fields.results
      .find((a) => a.path === 'workflow__status')
      ?.options?.find((o) => o.value === 'draft')?.label,
    report: ReportResultSchema.parse(report.json()).results[1]?.[0],
  };
}

const everywhere = (name: string) => ({
  kinds: name,
  statuses: name,
  list: name,
  detail: name,
  recent: name,
  filter: name,
  report: name,
});

describe('status names in the reader’s language', () => {
  it('names the status in Arabic for an Arabic reader: kinds, statuses, list, page, recent, filter, report', async () => {
    expect(await draftNamesSeen(await tenantReading('ar'))).toEqual(everywhere('مسودة'));
  });

  it('prefers the regional name, and falls back to the base language’s', async () => {
    expect(await draftNamesSeen(await tenantReading('es-MX'))).toEqual(everywhere('Borrador (MX)'));
    expect(await draftNamesSeen(await tenantReading('es-AR'))).toEqual(everywhere('Borrador'));
  });

  it('shows the name as the tenant wrote it without a translation or a stored language', async () => {
    expect(await draftNamesSeen(await tenantReading('de'))).toEqual(everywhere('Draft'));
    expect(await draftNamesSeen(await tenantReading(null))).toEqual(everywhere('Draft'));
  });

  it('keeps the definition as written, translations included, for the process page and the studio', async () => {
    const reading = await tenantReading('ar');
    const detail = WorkflowDetailSchema.parse(
      (await reading.client.get(WORKFLOW_PATHS.workflow(reading.workflowId))).json(),
    );
    const draft = WorkflowDefinitionSchema.parse(detail.definition).statuses.find((s) => s.tag === 'draft');
    expect(draft).toMatchObject({ display_name: 'Draft', display_name_translations: { ar: 'مسودة' } });
  });

  it('drops the translations a later version no longer gives', async () => {
    const reading = await tenantReading('ar');
    await publishAll(adminDb, reading.t.id, [VENDOR_CHECK_DEFINITION]);
    expect((await draftNamesSeen(reading)).list).toBe('Draft');
  });

  it('names a recorded status change in the reader’s language, and as recorded without a translation', async () => {
    const reading = await tenantReading('ar');
    const { client, workflowId } = reading;
    expect(
      (await client.post(WORKFLOW_PATHS.answer(workflowId), { field_tag: VC.name, value: 'Acme' }))
        .statusCode,
    ).toBe(200);
    expect((await client.post(WORKFLOW_PATHS.submitStep(workflowId, VC.intake), {})).statusCode).toBe(200);
    const change = async () => {
      const page = ActivityPageSchema.parse((await client.get(WORKFLOW_PATHS.activity(workflowId))).json());
      return page.results.find((entry) => entry.event === 'status_changed')?.details;
    };
    // Draft has an Arabic name; In Review has none, so it keeps the name it was recorded with.
    expect(await change()).toMatchObject({
      from: 'draft',
      from_name: 'مسودة',
      to: 'in_review',
      to_name: 'In Review',
    });
    await adminDb
      .updateTable('users')
      .set({ prefered_language: 'de' })
      .where('id', '=', String(reading.t.users.admin))
      .execute();
    expect(await change()).toMatchObject({ from_name: 'Draft', to_name: 'In Review' });
  });
});
