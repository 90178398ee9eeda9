import type { CreateBatchUpdateRequest } from '@attest/shared';
import type { NewUpdateSelection } from './new-update-path';

// The change as the form holds it. Region and business unit: '' keeps them as they are; the
// business unit 'none' takes it away. An answer row: a field tag and its new value (null clears it).
export const NO_UNIT = 'none';
export type AnswerChange = { key: number; field: string; value: unknown; clear: boolean };
export type ChangeForm = { regionId: string; businessUnitId: string; answers: AnswerChange[] };

export const emptyChangeForm = (): ChangeForm => ({ regionId: '', businessUnitId: '', answers: [] });

// The shared create request (CreateBatchUpdateRequestSchema): the selection is the list's query, or
// an uploaded file of ids (`idsFile`, its key) when the person chose one; only what the person chose
// to change is sent; workflows name their kind only with answers (they are its own), records their
// type always.
export function buildCreateRequest(
  selection: NewUpdateSelection,
  form: ChangeForm,
  idsFile: string | null = null,
): CreateBatchUpdateRequest {
  const changes: CreateBatchUpdateRequest['changes'] = {};
  if (form.regionId) changes.region_id = Number(form.regionId);
  if (form.businessUnitId)
    changes.business_unit_id = form.businessUnitId === NO_UNIT ? null : Number(form.businessUnitId);
  const answers: Record<string, unknown> = {};
  for (const row of form.answers) {
    if (!row.field) continue;
    if (row.clear) answers[row.field] = null;
    else if (row.value !== undefined && row.value !== '') answers[row.field] = row.value;
  }
  const request: CreateBatchUpdateRequest = {
    target: selection.target,
    selection: idsFile === null ? { query: selection.query } : { ids_file: idsFile },
    changes,
  };
  if (selection.target === 'records') request.object_type = selection.objectType;
  if (Object.keys(answers).length > 0) {
    changes.answers = answers;
    if (selection.target === 'workflows' && selection.kindId !== null) request.kind_id = selection.kindId;
  }
  return request;
}
