import { answerSearchColumns, flattenSteps, validateAnswer } from '@attest/shared';
import {
  SUPPLIER_ONBOARDING_FIELDS as F,
  SUPPLIER_OBJECT_TYPE,
  SUPPLIER_ONBOARDING_DEFINITION,
} from '@attest/shared/testing';
import { createSeedRecords } from '../../modules/records/index.js';
import { answersRepository } from '../../modules/workflows/index.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import type { Db } from '../database.js';

const ANSWER_CHUNK = 32;

// The onboardings' data_object field that names their supplier record (plan §8 step 2), in the
// intake step beside the supplier's name.
export const SUPPLIER_RECORD_FIELD = F.supplierRecord;
const RECORD_FIELD = flattenSteps(SUPPLIER_ONBOARDING_DEFINITION)
  .flatMap((step) => step.fields.map((field) => ({ field, step: step.tag })))
  .find((f) => f.field.tag === SUPPLIER_RECORD_FIELD);

type Onboarding = {
  workflow_id: string;
  region_id: string;
  field_tag: string;
  value: unknown;
  answered_by: string | null;
  answered_at: Date;
};

// Who named the supplier, and when: the record answer is given with the name.
type Named = { workflowId: string; by: string | null; at: Date };
type Supplier = { values: Record<string, unknown>; regionId: string; named: Named[] };

const ANSWERED: Record<string, string> = {
  [F.supplierName]: 'name',
  [F.country]: 'country',
  [F.category]: 'category',
  [F.website]: 'website',
  [F.contactEmail]: 'contact_email',
};

// A VAT number of the supplier's country (its prefix) and its place in the list: unique and stable.
const vatNumber = (country: unknown, index: number) =>
  `${typeof country === 'string' ? country : 'EU'}${String(100_000_000 + index * 7_919).slice(-9)}`;

// The onboardings' suppliers as records (issue 18, plan §8 steps 2 and 3): the Supplier type is
// deployed with the demo app (demo-workflows.ts); each distinct supplier named by an onboarding
// becomes one record in the onboarding's region, and every onboarding answers its supplier_record
// field with its supplier's record, written as createWorkflows writes a first answer: the response
// (by whoever named the supplier, when they did) and its workflow_record_links row, together.
// Runs on the application's pool (db): createSeedRecords finds the type by row-level security.
// Answers the number of records made (0 when the tenant has them already).
export async function seedDemoRecords(db: Db, tenantId: string, adminEmail: string): Promise<number> {
  return withTenant(db, tenantId, async (tx) => {
    const type = await tx
      .selectFrom('object_types')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('tag', '=', SUPPLIER_OBJECT_TYPE.tag)
      .executeTakeFirst();
    if (!type) return 0;
    const existing = await tx
      .selectFrom('records')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('object_type_id', '=', type.id)
      .limit(1)
      .executeTakeFirst();
    if (existing) return 0;
    const admin = await tx
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('email', '=', adminEmail)
      .executeTakeFirstOrThrow();
    const answers: Onboarding[] = await tx
      .selectFrom('workflows as w')
      .innerJoin('workflow_kinds as k', (join) =>
        join.onRef('k.tenant_id', '=', 'w.tenant_id').onRef('k.id', '=', 'w.kind_id'),
      )
      .innerJoin('workflow_responses as r', (join) =>
        join.onRef('r.tenant_id', '=', 'w.tenant_id').onRef('r.workflow_id', '=', 'w.id'),
      )
      .select([
        'w.id as workflow_id',
        'w.region_id',
        'r.field_tag',
        'r.value',
        'r.answered_by',
        'r.answered_at',
      ])
      .where('w.tenant_id', '=', tenantId)
      .where('k.tag', '=', 'supplier_onboarding')
      .where('r.is_current', '=', true)
      .where('r.field_tag', 'in', Object.keys(ANSWERED))
      .orderBy('w.id')
      .execute();

    const byWorkflow = new Map<
      string,
      { regionId: string; values: Record<string, unknown>; named?: Named }
    >();
    for (const answer of answers) {
      const entry = byWorkflow.get(answer.workflow_id) ?? { regionId: answer.region_id, values: {} };
      const tag = ANSWERED[answer.field_tag];
      if (tag && answer.value !== null && answer.value !== '') entry.values[tag] = answer.value;
      if (answer.field_tag === F.supplierName) {
        entry.named = { workflowId: answer.workflow_id, by: answer.answered_by, at: answer.answered_at };
      }
      byWorkflow.set(answer.workflow_id, entry);
    }
    const suppliers = new Map<string, Supplier>();
    for (const { regionId, values, named } of byWorkflow.values()) {
      const name = values.name;
      if (typeof name !== 'string' || !named) continue;
      const known = suppliers.get(name);
      if (known) {
        known.named.push(named);
        continue;
      }
      const vat_number = vatNumber(values.country, suppliers.size + 1);
      suppliers.set(name, { values: { ...values, vat_number }, regionId, named: [named] });
    }
    const list = [...suppliers.values()];
    const ids = await createSeedRecords(tx, tenantId, {
      tag: SUPPLIER_OBJECT_TYPE.tag,
      userId: admin.id,
      records: list.map((s) => ({ values: s.values, regionId: s.regionId })),
    });
    if (!RECORD_FIELD) return ids.length;
    const { field, step } = RECORD_FIELD;
    const answered = list.flatMap((supplier, index) =>
      supplier.named.map((named) => ({ ...named, recordId: ids[index] as string })),
    );
    // Statements of at most ANSWER_CHUNK answers: workflow_responses' report rollup trigger plans a
    // larger one by the tables' statistics, which a just-seeded tenant lacks (the seed may not
    // ANALYZE them), and 500 answers at once ran for minutes at server start.
    for (let at = 0; at < answered.length; at += ANSWER_CHUNK) {
      const chunk = answered.slice(at, at + ANSWER_CHUNK);
      await answersRepository.insertMany(
        tx,
        chunk.map((a) => {
          const checked = validateAnswer(field, a.recordId);
          if (!checked.ok) throw new Error(`${field.tag}: record ${a.recordId} is not an answer`);
          const columns = answerSearchColumns(field, checked.value);
          return {
            tenant_id: tenantId,
            workflow_id: a.workflowId,
            field_tag: field.tag,
            step_tag: step,
            version: 1,
            value: JSON.stringify(checked.value),
            text_value: columns.text,
            number_value: columns.number,
            date_value: columns.date,
            answered_by: a.by,
            answered_at: a.at,
          };
        }),
      );
      await tx
        .insertInto('workflow_record_links')
        .values(
          chunk.map((a) => ({
            tenant_id: tenantId,
            workflow_id: a.workflowId,
            field_tag: field.tag,
            record_id: a.recordId,
          })),
        )
        .execute();
    }
    return ids.length;
  });
}
