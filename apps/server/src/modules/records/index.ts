// The records module's public face (issue 18).

// The records list's filter compiler (over `records as r`): an Object Report filters as the list does.
export { compileRecordConditionGroup } from './compile-record-filters.js';
// A batch import's writes and their undo (issue 18, slice 7).
export {
  createImportedRecord,
  createImportedRecords,
  type ImportedValues,
  type ImportWriter,
  type RecordBefore,
  undoImportedRecord,
  updateImportedRecord,
} from './imported-records.js';
// What the batch import's preview checks a row with (issue 18, slice 6): the records' own rules.
export { hasPlaces, type LoadedObjectType, loadObjectType } from './object-types.js';
export {
  type PublishedObjectType,
  publishedObjectTypeTags,
  publishObjectType,
} from './publish-object-type.js';
// A batch update of records (issue 18, plan §5): the list's selection, the visibility rule, and the
// one edit path (checks, activity, value and key projections, revision).
export { recordVisibility } from './record-access.js';
export {
  answerField,
  checkValues,
  keyLabel,
  type RecordKey,
  recordKeys,
  validateRecordValues,
} from './record-answers.js';
export { recordKeysRepository } from './record-keys.repository.js';
export { recordListWhere } from './record-list-where.js';
// Records and object types read API (slice 3), registered by app.ts.
export { recordsRoutes } from './records.routes.js';
export {
  type ChangeableRecord,
  changeable as changeableRecord,
  editRecordIn,
  type RecordEdit,
} from './records.service.js';
// The demo seed's records (db/seed/demo-records.ts).
export { createSeedRecords, type SeedRecord } from './seed-records.js';
// A record's comments (mentions module): the record the user may see, or 404.
export { loadVisibleRecord } from './visible-record.js';
