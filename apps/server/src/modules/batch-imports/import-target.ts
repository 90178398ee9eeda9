import {
  type AnswerField,
  type BatchImportTarget,
  flattenSteps,
  type ImportAttribute,
  isImportableFieldType,
  nameInSentence,
} from '@attest/shared';
import { NotFoundError } from '../../platform/errors.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { answerField, type LoadedObjectType, loadObjectType } from '../records/index.js';
import { currentKind } from '../workflows/index.js';
import { batchImportsRepository } from './batch-imports.repository.js';
import type { MappingCandidate } from './suggest-mapping.js';

// What an import fills, read from the type's current definition: the fields a column may fill (all of
// them, so a mapping to a file or table field is refused by name rather than as unknown) and the
// item's own attributes.
export type ImportTargetSpec = {
  target: BatchImportTarget;
  objectTypeId: string | null;
  kindId: string | null;
  // In the plural, inside a sentence: "suppliers".
  itemsName: string;
  fields: readonly AnswerField[];
  attributes: readonly ImportAttribute[];
  // Records only: the type, its title field and unique keys.
  objectType: LoadedObjectType | null;
};

// "supplier" -> "suppliers", "entity" -> "entities", "business" -> "businesses".
function plural(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

export type TargetRef =
  | { target: 'records'; objectTypeTag: string }
  | { target: 'records'; objectTypeId: string }
  | { target: 'workflows'; kindId: string };

export async function importTarget(tx: Tx, tenantId: string, ref: TargetRef): Promise<ImportTargetSpec> {
  if (ref.target === 'records') {
    const type =
      'objectTypeTag' in ref
        ? await loadObjectType(tx, tenantId, ref.objectTypeTag)
        : await loadObjectTypeById(tx, tenantId, ref.objectTypeId);
    const attributes: ImportAttribute[] = ['id'];
    if (type.hasRegion) attributes.push('region');
    if (type.hasBusinessUnit) attributes.push('business_unit');
    return {
      target: 'records',
      objectTypeId: type.id,
      kindId: null,
      itemsName: plural(nameInSentence(type.name)),
      fields: type.definition.fields.map(answerField),
      attributes,
      objectType: type,
    };
  }
  const kind = await currentKind(tx, tenantId, { id: ref.kindId }).catch(() => {
    throw new NotFoundError();
  });
  return {
    target: 'workflows',
    objectTypeId: null,
    kindId: kind.id,
    itemsName: 'workflows',
    fields: flattenSteps(kind.definition).flatMap((step) => step.fields as AnswerField[]),
    attributes: ['id', 'name', 'region', 'business_unit'],
    objectType: null,
  };
}

// An import row keeps the type's id; the type is found again by its tag.
async function loadObjectTypeById(tx: Tx, tenantId: string, id: string): Promise<LoadedObjectType> {
  const tag = await batchImportsRepository.objectTypeTag(tx, id);
  if (!tag) throw new NotFoundError();
  return loadObjectType(tx, tenantId, tag);
}

const ATTRIBUTE_LABELS: Record<ImportAttribute, string> = {
  id: 'ID',
  name: 'Name',
  region: 'Region',
  business_unit: 'Business unit',
};

// What suggestMapping may offer: importable fields by label and tag, then the attributes.
export function mappingCandidates(spec: ImportTargetSpec): MappingCandidate[] {
  return [
    ...spec.fields
      .filter((field) => isImportableFieldType(field.type))
      .map((field) => ({
        target: { kind: 'field' as const, field_tag: field.tag },
        label: field.label ?? field.tag,
        tag: field.tag,
      })),
    ...spec.attributes.map((attribute) => ({
      target: { kind: 'attribute' as const, attribute },
      label: ATTRIBUTE_LABELS[attribute],
      tag: attribute,
    })),
  ];
}
