// Issue 18 (plan §3.2, §4.3): what an import refuses: the uploaded file itself (the server's
// streamed file reader, FILE_READER_*), the mapping and run after it was read, and the problems the
// preview shows per row. Codes are stable: the web translates by them.

const count = (n: number) => n.toLocaleString('en-US');
const megabytes = (bytes: number) => count(Math.floor(bytes / (1024 * 1024)));

// The first rows named, then "..." so a message stays one line.
function rowList(rows: readonly number[]): string {
  const shown = rows.slice(0, 10).map(count).join(', ');
  return rows.length > 10 ? `${shown}, ...` : shown;
}

// Every refusal of an uploaded file by the streamed reader, with the parameters the message is made
// from (the server's FileReaderError carries them too). fileTooLarge is also the upload cap's 413, and
// the message the web app shows when it checks the size before uploading.
export const FILE_READER_ERROR_CODES = {
  fileTooLarge: 'import_file_too_large',
  fileEmpty: 'import_file_empty',
  notUtf8: 'import_file_not_utf8',
  utf16: 'import_file_utf16',
  legacyXls: 'import_file_legacy_xls',
  notWorkbook: 'import_file_not_workbook',
  workbookUnreadable: 'import_workbook_unreadable',
  workbookNoSheet: 'import_workbook_no_sheet',
  workbookPartTooLarge: 'import_workbook_part_too_large',
  workbookCompressionRatio: 'import_workbook_compression_ratio',
  workbookTooManyParts: 'import_workbook_too_many_parts',
  formulaCell: 'import_formula_cell',
  csvMalformed: 'import_csv_malformed',
  tooManyRows: 'import_too_many_rows',
  tooManyColumns: 'import_too_many_columns',
  cellTooLong: 'import_cell_too_long',
} as const;
export type FileReaderErrorCode = (typeof FILE_READER_ERROR_CODES)[keyof typeof FILE_READER_ERROR_CODES];

const SAVE_AS_CSV_UTF8 = 'Save it again as "CSV UTF-8" (or as an Excel workbook) and upload it.';

export const FILE_READER_MESSAGES = {
  fileTooLarge: (p: { limitBytes: number }) =>
    `The file is larger than ${megabytes(p.limitBytes)} MB. Split it into smaller files and upload each.`,
  fileEmpty: () => 'The file is empty: it needs a header row of column names, then one row per item.',
  notUtf8: (p: { line: number }) =>
    `The file must be UTF-8 text, and line ${count(p.line)} holds a byte that is not UTF-8. ${SAVE_AS_CSV_UTF8}`,
  utf16: () => `The file is UTF-16 text; it must be UTF-8 text. ${SAVE_AS_CSV_UTF8}`,
  legacyXls: () =>
    'The file is an old Excel 97-2003 workbook (.xls). Save it as an Excel workbook (.xlsx) or as "CSV UTF-8" and upload it.',
  notWorkbook: () =>
    'The file is neither CSV text nor an Excel workbook (.xlsx). Upload a .csv or .xlsx file.',
  workbookUnreadable: () =>
    'The Excel workbook is damaged and cannot be read. Open it in Excel, save it again and upload it.',
  workbookNoSheet: () => 'The Excel workbook has no worksheet to import.',
  workbookPartTooLarge: (p: { part: string; limitBytes: number }) =>
    `The workbook unpacks to more than ${megabytes(p.limitBytes)} MB (in ${p.part}), more than an import takes. Split it into smaller files and upload each.`,
  workbookCompressionRatio: (p: { part: string; limitRatio: number }) =>
    `The workbook is refused as unsafe: ${p.part} unpacks to more than ${count(p.limitRatio)} times its packed size, which a real spreadsheet does not do.`,
  workbookTooManyParts: (p: { limit: number }) =>
    `The workbook is refused: it holds more than ${count(p.limit)} parts, far more than a spreadsheet needs.`,
  formulaCell: (p: { cell: string }) =>
    `${p.cell} holds a formula; import takes values only: paste values and upload again.`,
  csvMalformed: (p: { line: number }) =>
    `The CSV file cannot be read at line ${count(p.line)}: a quoted value is not closed or is followed by other text. Check that line and upload again.`,
  tooManyRows: (p: { limit: number }) =>
    `The file has more than ${count(p.limit)} data rows. Split it into files of at most ${count(p.limit)} rows and upload each.`,
  tooManyColumns: (p: { row: number; limit: number }) =>
    `Row ${count(p.row)} has more than ${count(p.limit)} columns; an import takes at most ${count(p.limit)}.`,
  cellTooLong: (p: { cell: string; limit: number }) =>
    `${p.cell} holds more than ${count(p.limit)} characters, the most a cell may hold.`,
} as const;

export const BATCH_IMPORT_ERROR_CODES = {
  noHeaderRow: 'import_no_header_row',
  duplicateHeader: 'import_duplicate_header',
  unknownTarget: 'import_unknown_target',
  unknownField: 'import_unknown_field',
  fieldMappedTwice: 'import_field_mapped_twice',
  notImportable: 'import_field_not_importable',
  titleNotMapped: 'import_title_not_mapped',
  nameNotMapped: 'import_name_not_mapped',
  keyNotMapped: 'import_key_not_mapped',
  unknownKey: 'import_unknown_key',
  keyRequired: 'import_key_required',
  keyNeedsUpdateMode: 'import_key_needs_update_mode',
  startStepUnknown: 'import_start_step_unknown',
  startStepForWorkflows: 'import_start_step_for_workflows',
  notValidated: 'import_not_validated',
  nothingToImport: 'import_nothing_to_import',
  notRunnable: 'import_not_runnable',
  notFinished: 'import_not_finished',
  changedSince: 'import_changed_since',
  alreadyUndone: 'import_already_undone',
} as const;
export type BatchImportErrorCode = (typeof BATCH_IMPORT_ERROR_CODES)[keyof typeof BATCH_IMPORT_ERROR_CODES];

export const BATCH_IMPORT_MESSAGES = {
  noHeaderRow: 'The first row must name the columns.',
  duplicateHeader: (header: string) => `The column '${header}' appears twice.`,
  unknownTarget: 'Choose an object type, or a workflow kind, to import into.',
  unknownField: (fieldTag: string) => `There is no field '${fieldTag}' to import into.`,
  fieldMappedTwice: (target: string) => `'${target}' is mapped from two columns. Map each to one column.`,
  notImportable: (label: string, type: string) =>
    `The field '${label}' (${type}) cannot be filled by an import: files and workflow links are added on the page.`,
  // `typeName` in the plural the sentence needs: "Map a column to 'Name' (the title) to create suppliers."
  titleNotMapped: (titleLabel: string, typeName: string) =>
    `Map a column to '${titleLabel}' (the title) to create ${typeName}.`,
  nameNotMapped: "Map a column to the workflow's name to create workflows.",
  keyNotMapped: (keyLabel: string) =>
    `Map a column to each field of the key (${keyLabel}) to find what to update.`,
  unknownKey: (keyName: string) => `'${keyName}' is not a unique key of this object type, nor 'id'.`,
  keyRequired: "Choose the key that finds what to update: 'id' or a unique key.",
  keyNeedsUpdateMode: 'A key finds what to update: choose update or upsert, or leave the key out.',
  startStepUnknown: (stepTag: string) => `The step '${stepTag}' is not a step of this workflow kind.`,
  startStepForWorkflows: 'Only an import of workflows starts from a step.',
  notValidated: 'The rows are still being checked. Run the import once the preview is ready.',
  nothingToImport: 'Nothing to import: every row has problems.',
  notRunnable: 'This import has already run.',
  notFinished: 'Only a finished import can be undone.',
  resultsNotReady: 'The results file is ready once the import has run.',
  changedSince: (rows: readonly number[]) =>
    `This import cannot be undone: ${count(rows.length)} of its rows ${rows.length === 1 ? 'was' : 'were'} changed since (${rows.length === 1 ? 'row' : 'rows'} ${rowList(rows)}).`,
  alreadyUndone: 'This import has already been undone.',
} as const;

// A staged row's problems (batch_import_rows.problems): a field's own answer codes
// (ANSWER_ERROR_MESSAGES) or one of these.
export const IMPORT_ROW_PROBLEM_CODES = [
  'title_missing',
  'name_missing',
  'duplicate_in_file',
  'key_exists',
  'key_not_found',
  'key_missing',
  'unknown_region',
  'unknown_business_unit',
  'unit_outside_region',
  'place_not_allowed',
  'place_required',
  'ambiguous_date',
  'unknown_id',
  'start_step_unreachable',
  'write_failed',
] as const;
export type ImportRowProblemCode = (typeof IMPORT_ROW_PROBLEM_CODES)[number];

export const IMPORT_ROW_MESSAGES = {
  title_missing: (p: { field: string }) => `'${p.field}' is the title: every row needs one.`,
  name_missing: () => 'Every workflow needs a name.',
  duplicate_in_file: (p: { key: string; row: number }) =>
    `Row ${count(p.row)} has the same ${p.key}: each row must have its own.`,
  key_exists: (p: { key: string; id: number }) =>
    `A record with this ${p.key} already exists (record ${p.id}).`,
  // `item` in the singular: 'record' (the default) or 'workflow'. Also what a workflow import answers
  // for an id it may not change: the API never confirms that something exists.
  key_not_found: (p: { key: string; item?: string }) =>
    `No ${p.item ?? 'record'} has this ${p.key}, so there is nothing to update.`,
  key_missing: (p: { key: string }) => `The ${p.key} is empty, so there is nothing to find.`,
  unknown_region: (p: { value: string }) => `There is no region '${p.value}'.`,
  unknown_business_unit: (p: { value: string }) => `There is no business unit '${p.value}'.`,
  unit_outside_region: (p: { unit: string; region: string }) =>
    `The business unit '${p.unit}' is not in the region '${p.region}'.`,
  place_not_allowed: (p: { value: string }) => `You cannot add to '${p.value}': you have no access to it.`,
  place_required: () => 'Give a region: these are seen by region.',
  ambiguous_date: (p: { value: string }) =>
    `Write the date as YYYY-MM-DD: '${p.value}' could be read as two different days.`,
  unknown_id: (p: { value: string }) => `There is nothing with the id '${p.value}' that you can see.`,
  start_step_unreachable: (p: { step: string }) =>
    `The step '${p.step}' cannot be reached for this workflow.`,
  write_failed: () => 'This row could not be written. Check its values and import it again.',
} as const satisfies Record<ImportRowProblemCode, (params: never) => string>;
