import { type HomePageConfig, HomePageConfigSchema } from '@attest/shared';
import { SUPPLIER_ONBOARDING_FIELDS, SUPPLIER_ONBOARDING_STEPS } from '@attest/shared/testing';
import { sql } from 'kysely';
import type { Db } from '../database.js';

const ONBOARDING = 'supplier_onboarding';

// Issue 16: acme's home page shows two shortcuts on its onboardings under review: start a child
// Risk Assessment through the risk step's child field, and open the approval decision. Status ids
// are the tenant's own, so they are read once the definitions are published.
export async function seedDemoHome(adminDb: Db, tenantId: string): Promise<void> {
  await adminDb.transaction().execute(async (tx) => {
    const inReview = await tx
      .selectFrom('workflow_statuses as s')
      .innerJoin('workflow_kinds as k', 'k.id', 's.kind_id')
      .select('s.id')
      .where('s.tenant_id', '=', tenantId)
      .where('k.tag', '=', ONBOARDING)
      .where('s.tag', '=', 'in_review')
      .executeTakeFirst();
    if (!inReview) return;
    const report = await tx
      .selectFrom('reports')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .orderBy('id')
      .executeTakeFirst();
    const statusIds = [Number(inReview.id)];
    const config: HomePageConfig = HomePageConfigSchema.parse({
      child_workflow_shortcut_config: [
        {
          kind_tag: ONBOARDING,
          step_tag: SUPPLIER_ONBOARDING_STEPS.RISK,
          field_tag: SUPPLIER_ONBOARDING_FIELDS.riskAssessments,
          use_case: 'create_new_workflow',
          ui: {
            title: 'Assess a supplier risk',
            description: 'Start a Risk Assessment for an onboarding whose risk step is open.',
          },
          workflow_mapping_config: {
            [ONBOARDING]: {
              creation_kind_tag: 'risk_assessment',
              allowed_status_ids: statusIds,
              ui: {
                create_button_label: 'Start a risk assessment',
                status_filtering_fallback_message:
                  'No onboarding is waiting for a risk assessment right now.',
              },
            },
          },
        },
        {
          kind_tag: ONBOARDING,
          step_tag: SUPPLIER_ONBOARDING_STEPS.DECISION,
          use_case: 'navigate_to_parent_step',
          ui: {
            title: 'Decide on a supplier',
            description: 'Open an onboarding under review at its decision.',
          },
          workflow_mapping_config: {
            [ONBOARDING]: {
              allowed_status_ids: statusIds,
              ui: { status_filtering_fallback_message: 'No onboarding is under review right now.' },
            },
          },
        },
      ],
      process_shortcuts: [ONBOARDING],
      my_process_report: report ? Number(report.id) : null,
      create_new_message:
        'New supplier? Start a Supplier Onboarding; risk assessments start from its risk step.',
    });
    await tx
      .updateTable('tenant_configurations')
      .set({
        custom_ui_labels: sql`jsonb_set(
          case when jsonb_typeof(custom_ui_labels) = 'object' then custom_ui_labels else '{}'::jsonb end,
          '{c2_home_page_config}', ${JSON.stringify(config)}::jsonb)`,
      })
      .where('tenant_id', '=', tenantId)
      .execute();
  });
}
