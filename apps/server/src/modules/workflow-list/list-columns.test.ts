import { DASHBOARD_PATHS, WorkflowListPageSchema } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/tenant-transaction.js';
import { idsOf, userId } from '../../test/admin-fixtures.js';
import { createTestApp, createTestTenant, TestClient } from '../../test/test-app.js';
import { grantRegion, publishAll } from '../../test/workflow-fixtures.js';
import { LAB, labDefinition, leafKind } from '../../test/workflow-list-fixtures.js';
import { createWorkflows } from '../workflows/index.js';

const { app, adminDb } = await createTestApp();

// Issue 15: a kind's list_columns choose the answered fields of its list items' lc_data, and its
// sorting_field names them while the list is in its default order.
describe('a kind with list_columns and a sorting_field', () => {
  it('shows those columns in lc_data and the sorting field as sorting_primary_field', async () => {
    const tenant = await createTestTenant(adminDb, {
      regions: [{ name: 'Europe', businessUnits: ['Paris'] }],
    });
    const ids = await idsOf(adminDb, tenant.id);
    const email = (who: string) => `${who}@${tenant.slug}.test`;
    const admin = userId(tenant, email('admin'));
    await grantRegion(adminDb, tenant.id, admin, ids.region('Europe'), 'full');
    const definition = {
      ...labDefinition(email('member')),
      list_columns: [LAB.count, LAB.title],
      sorting_field: LAB.day,
    };
    // The lab kind's child_workflow field needs its child kinds published first.
    const [, , lab] = await publishAll(adminDb, tenant.id, [
      leafKind('lab_grandchild', 'Lab grandchild'),
      leafKind('lab_child', 'Lab child', 'lab_grandchild'),
      definition,
    ]);
    await withTenant(adminDb, tenant.id, (tx) =>
      createWorkflows(tx, tenant.id, [
        {
          kind: { id: String(lab?.kindId), definitionId: String(lab?.definitionId), definition },
          name: 'Omega',
          regionId: String(ids.region('Europe')),
          businessUnitId: String(ids.unit('Paris')),
          createdBy: String(admin),
          answers: {
            [LAB.title]: 'Omega title',
            [LAB.count]: 7,
            [LAB.color]: 'red',
            [LAB.day]: '2026-03-04',
          },
        },
      ]),
    );
    const client = TestClient.forTenant(app, tenant.slug);
    await client.signIn(email('admin'));
    const list = async (query: string) => {
      const response = await client.get(`${DASHBOARD_PATHS.workflows}?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const [item] = WorkflowListPageSchema.parse(response.json()).results;
      return item;
    };

    const item = await list('');
    expect(item?.lc_data.slice(3)).toEqual([
      {
        key: LAB.count,
        value: '7',
        label: 'Count',
        translated_label: null,
        display_type: 'number',
        format: null,
      },
      {
        key: LAB.title,
        value: 'Omega title',
        label: 'Title',
        translated_label: null,
        display_type: 'text',
        format: null,
      },
    ]);
    expect(item?.sorting_primary_field).toBe('2026-03-04');
    // In another order, as before: the answer ordered by, or null for a workflow column.
    expect((await list(`kind_id=${lab?.kindId}&ordering=field__${LAB.count}`))?.sorting_primary_field).toBe(
      '7',
    );
    expect((await list('ordering=name'))?.sorting_primary_field).toBeNull();
  });
});
