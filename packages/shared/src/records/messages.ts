// Issue 18 (plan §1.1, §2, §3.1): what an object type definition, a record call or a publish refuses,
// in the words the API answers with. Field answers keep ANSWER_ERROR_MESSAGES (shared/workflows);
// these are the records' own. Codes are stable: the web translates by them.

// "Supplier" reads "supplier" inside a sentence; a name that starts with an acronym ("VAT rate")
// keeps its capitals.
export function nameInSentence(name: string): string {
  const second = name.charAt(1);
  return second !== '' && second === second.toLowerCase()
    ? name.charAt(0).toLowerCase() + name.slice(1)
    : name;
}

const count = (n: number) => n.toLocaleString('en-US');
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
// "an owner field", "a url field": field types are named as written.
const aOrAn = (word: string) => (/^[aeio]/.test(word) ? `an ${word}` : `a ${word}`);

// A definition's own problems (ObjectTypeDefinitionSchema), each under its path.
export const OBJECT_TYPE_MESSAGES = {
  // Files need attachments keyed by record, which is a later issue.
  fileField: 'File fields are not available on object types yet.',
  // Region and business unit are the record's own columns, with the visibility rule of workflows.
  placeField:
    "Region and business unit are a record's own: turn on has_region or has_business_unit instead of adding a field.",
  workflowField: (type: string) =>
    `${capitalised(aOrAn(type))} field picks from workflows or the people working on them, which records do not have.`,
  displayField: (type: string) =>
    `${capitalised(aOrAn(type))} field only shows content in a workflow step; an object type holds data fields.`,
  unsupportedField: (type: string) => `${capitalised(aOrAn(type))} field is not available on object types.`,
  repeatedField: (tag: string) => `The field '${tag}' is repeated.`,
  titleNotAField: (tag: string) => `The title field '${tag}' is not a field of this object type.`,
  titleNotText: (tag: string, type: string) =>
    `The title field must be a char_field or text field; '${tag}' is ${aOrAn(type)} field.`,
  titleNotRequired: (tag: string) => `The title field '${tag}' must be required: every record has a title.`,
  keyNotAField: (tag: string) => `The unique key names '${tag}', which is not a field of this object type.`,
  keyFieldRepeated: (tag: string) => `The unique key names '${tag}' twice.`,
  keyRepeated: (other: number) => `This unique key repeats key ${other + 1}.`,
  keyFieldNotSingleValue: (tag: string, type: string) =>
    `A unique key compares single values; '${tag}' is ${aOrAn(type)} field.`,
  repeatedRelation: (tag: string) => `The relation '${tag}' is repeated.`,
  listColumnNotAField: (tag: string) => `The list column '${tag}' is not a field of this object type.`,
  listColumnRepeated: (tag: string) => `The list column '${tag}' is repeated.`,
  unitNeedsRegion: 'A business unit sits inside a region: turn on has_region too.',
} as const;

// Refusals when a studio deployment publishes a version of an object type (plan §2). Fields have no
// archive of their own, so a field with values is kept (or its values cleared) rather than dropped.
export const OBJECT_TYPE_PUBLISH_MESSAGES = {
  fieldHoldsValues: (label: string, records: number) =>
    `The field '${label}' holds values in ${count(records)} ${records === 1 ? 'record' : 'records'}: keep it, or clear those values before removing it.`,
  keyClashes: (keyLabel: string, records: number) =>
    `The unique key (${keyLabel}) cannot be added: ${count(records)} records share a value. Make their values unique first.`,
  unknownObjectType: (tag: string) => `The object type '${tag}' is not in this app or deployed.`,
  repeatedObject: (tag: string) => `The object type '${tag}' is repeated.`,
} as const;

export const RECORD_ERROR_CODES = {
  invalidAnswers: 'invalid_answers',
  titleMismatch: 'title_mismatch',
  noPlaceAccess: 'no_place_access',
  unknownField: 'unknown_field',
  duplicateKey: 'duplicate_key',
  noRegion: 'no_region',
  noBusinessUnit: 'no_business_unit',
  placeRequired: 'place_required',
  staleRevision: 'stale_revision',
  recordInUse: 'record_in_use',
  archived: 'record_archived',
  unknownRelation: 'unknown_relation',
  linkTargetMismatch: 'link_target_mismatch',
  linkExists: 'link_exists',
  linkToSelf: 'link_to_self',
  relationTaken: 'relation_taken',
  relationToWorkflows: 'relation_to_workflows',
  linkTargetNotFound: 'link_target_not_found',
  linkTargetArchived: 'link_target_archived',
  notFound: 'not_found',
} as const;
export type RecordErrorCode = (typeof RECORD_ERROR_CODES)[keyof typeof RECORD_ERROR_CODES];

// Plan §3.1. `typeName` is the object type's name as the tenant wrote it ("Supplier").
export const RECORD_MESSAGES = {
  unknownField: (objectTypeTag: string, fieldTag: string) =>
    `The object type '${objectTypeTag}' has no field '${fieldTag}'.`,
  // The record holding the key is named only to someone who may see it (null otherwise).
  duplicateKey: (typeName: string, keyLabel: string, recordId: number | string | null) =>
    `A ${nameInSentence(typeName)} with this ${keyLabel} already exists${recordId === null ? '' : ` (record ${recordId})`}.`,
  noRegion: (typeName: string) => `The object type '${typeName}' has no region.`,
  noBusinessUnit: (typeName: string) => `The object type '${typeName}' has no business unit.`,
  placeRequired: (typeName: string) =>
    `Choose a region for this ${nameInSentence(typeName)}: its records are seen by region.`,
  staleRevision: 'This record was changed by someone else. Reload it to see the changes.',
  invalidAnswers: 'Some values are missing or invalid.',
  // The title is the title field's value: `title` may fill it, not contradict it.
  titleMismatch: (fieldLabel: string) =>
    `The title and the '${fieldLabel}' value differ: the title is that field's value, so send one or the same in both.`,
  noPlaceAccess: 'You cannot add or change records in this region or business unit.',
  recordInUse: (workflowCount: number, names: readonly string[]) => {
    const shown = names.slice(0, 3).join(', ');
    const more = workflowCount > names.slice(0, 3).length ? ', ...' : '';
    const noun = workflowCount === 1 ? 'workflow' : 'workflows';
    // Only workflows the person may see are named; when they see none, none is.
    const which = shown ? ` (${shown}${more})` : '';
    return `This record is used by ${count(workflowCount)} ${noun}${which}. Remove it from them first.`;
  },
  archived: 'This record is archived. Restore it before changing it.',
  unknownRelation: (objectTypeTag: string, relationTag: string) =>
    `The object type '${objectTypeTag}' has no relation '${relationTag}'.`,
  linkTargetMismatch: (relationLabel: string) =>
    `The record chosen for '${relationLabel}' is not of the type this relation links to.`,
  linkExists: 'These records are already linked.',
  linkToSelf: 'A record cannot be linked to itself.',
  // A relation to a workflow kind is filled by that kind's data_object answers, not by a link.
  relationToWorkflows: (relationLabel: string) =>
    `'${relationLabel}' lists workflows: it is filled from their answers, not linked by hand.`,
  // A record that does not exist and one the person may not see answer alike (STYLE rule 4).
  linkTargetNotFound: 'The record chosen was not found.',
  linkTargetArchived: 'The record chosen is archived. Restore it before linking to it.',
  // A relation with many: false holds one record at a time.
  relationTaken: (relationLabel: string) =>
    `'${relationLabel}' links to one record: unlink the current one first.`,
} as const;
