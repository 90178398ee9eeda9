import {
  BATCH_IMPORT_ERROR_CODES,
  BATCH_IMPORT_MESSAGES,
  IMPORT_ID_KEY,
  type ImportColumn,
  type ImportMappingRequest,
  isImportableFieldType,
  uniqueKeyName,
} from '@attest/shared';
import { AppError } from '../../platform/errors.js';
import { keyLabel } from '../records/index.js';
import type { ImportTargetSpec } from './import-target.js';

// Plan §3.2: a mapping the server can act on. Each refusal names its column (`columns.N`) or field.

function refusal(code: keyof typeof BATCH_IMPORT_ERROR_CODES, message: string, path: string): AppError {
  return new AppError(400, BATCH_IMPORT_ERROR_CODES[code], message, { [path]: [message] });
}

// The unique key's fields ('id' has none: it is the id column), or undefined for a name that is no key.
export function keyFields(spec: ImportTargetSpec, keyName: string): readonly string[] | undefined {
  if (keyName === IMPORT_ID_KEY) return [];
  return spec.objectType?.definition.unique_keys.find((key) => uniqueKeyName(key) === keyName);
}

export function checkMapping(
  spec: ImportTargetSpec,
  headers: readonly string[],
  request: ImportMappingRequest,
) {
  const mapped = new Set<string>();
  request.columns.forEach((column: ImportColumn, i) => {
    const path = `columns.${i}`;
    if (column.index >= headers.length) {
      throw refusal('unknownField', `Column ${column.index + 1} is not in the file.`, `${path}.index`);
    }
    const target = column.target;
    if (!target) return;
    if (target.kind === 'attribute') {
      if (!spec.attributes.includes(target.attribute)) {
        throw refusal('unknownField', BATCH_IMPORT_MESSAGES.unknownField(target.attribute), `${path}.target`);
      }
      mapped.add(`attribute:${target.attribute}`);
      return;
    }
    const field = spec.fields.find((f) => f.tag === target.field_tag);
    if (!field)
      throw refusal('unknownField', BATCH_IMPORT_MESSAGES.unknownField(target.field_tag), `${path}.target`);
    if (!isImportableFieldType(field.type)) {
      const message = BATCH_IMPORT_MESSAGES.notImportable(field.label ?? field.tag, field.type);
      throw refusal('notImportable', message, `${path}.target`);
    }
    mapped.add(`field:${field.tag}`);
  });

  if (request.start_step_tag !== undefined && spec.target !== 'workflows') {
    throw refusal('startStepForWorkflows', BATCH_IMPORT_MESSAGES.startStepForWorkflows, 'start_step_tag');
  }
  const type = spec.objectType;
  if (request.mode !== 'update') {
    if (type && !mapped.has(`field:${type.definition.title_field}`)) {
      const title = type.definition.fields.find((f) => f.tag === type.definition.title_field);
      const message = BATCH_IMPORT_MESSAGES.titleNotMapped(
        title?.label ?? type.definition.title_field,
        spec.itemsName,
      );
      throw refusal('titleNotMapped', message, 'columns');
    }
    if (!type && !mapped.has('attribute:name')) {
      throw refusal('nameNotMapped', BATCH_IMPORT_MESSAGES.nameNotMapped, 'columns');
    }
  }
  if (request.key_name !== undefined) {
    const fields = keyFields(spec, request.key_name);
    if (!fields) throw refusal('unknownKey', BATCH_IMPORT_MESSAGES.unknownKey(request.key_name), 'key_name');
    const missing =
      fields.length === 0 ? !mapped.has('attribute:id') : fields.some((tag) => !mapped.has(`field:${tag}`));
    if (missing) {
      const label = fields.length === 0 || !type ? 'ID' : keyLabel(type.definition, fields);
      throw refusal('keyNotMapped', BATCH_IMPORT_MESSAGES.keyNotMapped(label), 'key_name');
    }
  }
}
