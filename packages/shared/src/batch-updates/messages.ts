// Issue 18 (plan §3.3, §5): what a batch update refuses, in the words the API answers with. A value
// invalid for its field answers with the field's own message (ANSWER_ERROR_MESSAGES).

const count = (n: number) => n.toLocaleString('en-US');

function rowList(ids: readonly number[]): string {
  const shown = ids.slice(0, 10).join(', ');
  return ids.length > 10 ? `${shown}, ...` : shown;
}

export const BATCH_UPDATE_ERROR_CODES = {
  noChange: 'batch_update_no_change',
  tooManyItems: 'batch_update_too_many_items',
  kindRequired: 'batch_update_kind_required',
  objectTypeRequired: 'batch_update_object_type_required',
  workflowOnlyChange: 'batch_update_workflow_only_change',
  statusNotManual: 'batch_update_status_not_manual',
  unitOutsideRegion: 'batch_update_unit_outside_region',
  idsFileInvalid: 'batch_update_ids_file_invalid',
  idsFileTooLarge: 'batch_update_ids_file_too_large',
  idsFileEmpty: 'batch_update_ids_file_empty',
  notPreviewed: 'batch_update_not_previewed',
  nothingToApply: 'batch_update_nothing_to_apply',
  notApplicable: 'batch_update_not_applicable',
  notFinished: 'batch_update_not_finished',
  changedSince: 'batch_update_changed_since',
  changeNotAvailable: 'batch_update_change_not_available',
  idsFileGone: 'batch_update_ids_file_gone',
  placeNotAllowed: 'batch_update_place_not_allowed',
  placeArchived: 'batch_update_place_archived',
} as const;
export type BatchUpdateErrorCode = (typeof BATCH_UPDATE_ERROR_CODES)[keyof typeof BATCH_UPDATE_ERROR_CODES];

export const BATCH_UPDATE_MESSAGES = {
  noChange: 'Choose at least one change.',
  tooManyItems: (matches: number, noun: string, max: number) =>
    `The filters match ${count(matches)} ${noun}; a batch update takes at most ${count(max)}. Narrow the filters.`,
  kindRequired: 'Choose a workflow kind to change answers, the status or assignees: each kind has its own.',
  objectTypeRequired: 'Choose the object type whose records to update.',
  workflowOnlyChange: 'Records have no status or assignees: change their values, region or business unit.',
  statusNotManual: (status: string) =>
    `The status '${status}' follows from the steps; it cannot be set by hand.`,
  unitOutsideRegion: (unit: string, region: string) =>
    `The business unit '${unit}' is not in the region '${region}'.`,
  idsFileInvalid: (line: number) =>
    `Line ${count(line)} of the file is not an id. The file holds one id per line, and nothing else.`,
  idsFileTooLarge: (maxIds: number) =>
    `The file holds more than ${count(maxIds)} ids. Split it into smaller files.`,
  idsFileEmpty: 'The file holds no ids. Put one id on each line.',
  notPreviewed: 'The preview is still being made. Apply the update once it is ready.',
  nothingToApply: 'Nothing to apply: no item would change.',
  notApplicable: 'This batch update has already been applied.',
  notFinished: 'Only a finished batch update can be undone.',
  changedSince: (ids: readonly number[]) =>
    `This batch update cannot be undone: ${count(ids.length)} of its items ${ids.length === 1 ? 'was' : 'were'} changed since (${rowList(ids)}).`,
  changeNotAvailable: 'This change is not available in a batch update.',
  idsFileGone: 'The uploaded file of ids is no longer available. Upload it again.',
  placeNotAllowed: 'You cannot move workflows to this region or business unit.',
  // Issue 19: an archived place is offered for no new choice (docs/administration.md, Access).
  regionArchived: (region: string) =>
    `The region '${region}' is archived: nothing can be moved into it. Restore it first.`,
  businessUnitArchived: (unit: string) =>
    `The business unit '${unit}' is archived: nothing can be moved into it. Restore it first.`,
} as const;

// Why one item is refused (its `message`), besides a field's own message and the workflow's own
// refusals (WORKFLOW_MESSAGES: read only, archived, step locked).
export const BATCH_UPDATE_ITEM_MESSAGES = {
  otherKind: 'The workflow is of another kind than the update.',
  unknownField: (tag: string) => `The workflow's version has no field '${tag}'.`,
  unknownStep: (tag: string) => `The workflow's version has no step '${tag}'.`,
  gone: 'The workflow no longer exists or is no longer visible to you.',
  recordGone: 'The record no longer exists or is no longer visible to you.',
  // An id of an ids file that names nothing the person can see (never changed).
  workflowNotFound: 'No workflow with this id exists that you can see.',
  recordNotFound: 'No record of this type with this id exists that you can see.',
} as const;
