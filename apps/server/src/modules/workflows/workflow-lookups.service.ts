import {
  COUNTRY_CODES,
  type FieldDefinition,
  flattenSteps,
  isOneOf,
  OPTION_FIELD_TYPES,
} from '@attest/shared';
import type { UserContext } from '../../platform/request-context.js';
import { type Tx, withTenant } from '../../platform/tenant-transaction.js';
import { referencesRepository } from './references.repository.js';
import { answerRefusal, workflowRefusal } from './workflow-errors.js';
import { type LoadedWorkflow, loadVisibleWorkflow } from './workflow-loader.js';

// A dynamic list is a select's options: bounded, since it has no paging in the spec's contract.
const MAX_OPTIONS = 1000;

function fieldOf(loaded: LoadedWorkflow, fieldTag: string): FieldDefinition {
  const field = flattenSteps(loaded.definition)
    .flatMap((s) => s.fields)
    .find((f) => f.tag === fieldTag);
  if (!field) throw answerRefusal('unknown_field', []);
  return field;
}

// Spec 1 §7 get-answer: the current answer of one field, or null.
export function getAnswer(ctx: UserContext, workflowId: number, fieldTag: string) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const loaded = await loadVisibleWorkflow(tx, ctx, workflowId);
    fieldOf(loaded, fieldTag);
    return { answer: loaded.state.answers[fieldTag] ?? null };
  });
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

async function optionsFor(tx: Tx, loaded: LoadedWorkflow, field: FieldDefinition) {
  if (isOneOf(field.type, OPTION_FIELD_TYPES)) {
    return (field.options ?? []).map((o) => ({ label: o.label, value: o.value }));
  }
  switch (field.type) {
    case 'region':
      return (await referencesRepository.regionOptions(tx, MAX_OPTIONS)).map((r) => ({
        label: r.name,
        value: r.id,
      }));
    case 'business_unit':
      return (await referencesRepository.businessUnitOptions(tx, loaded.row.region_id, MAX_OPTIONS)).map(
        (b) => ({ label: b.name, value: b.id }),
      );
    case 'owner':
    case 'user_workflow':
      return (await referencesRepository.userOptions(tx, MAX_OPTIONS)).map((u) => ({
        label: `${u.first_name} ${u.last_name}`.trim() || u.email,
        value: u.id,
      }));
    case 'country_single_select':
    case 'country_multi_select':
      return (field.validation?.countries ?? COUNTRY_CODES).map((code) => ({
        label: countryNames.of(code) ?? code,
        value: code,
      }));
    default:
      throw workflowRefusal('no_list_of_values');
  }
}

// Spec 1 §7 dynamic_lov: the values a field of this workflow offers.
export function dynamicOptions(ctx: UserContext, workflowId: number, fieldTag: string) {
  return withTenant(ctx.db, ctx.tenant.id, async (tx) => {
    const loaded = await loadVisibleWorkflow(tx, ctx, workflowId);
    return { results: await optionsFor(tx, loaded, fieldOf(loaded, fieldTag)) };
  });
}
