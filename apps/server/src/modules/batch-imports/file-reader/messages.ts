// Every refusal of an uploaded import file: a stable code (the web app translates by it) and the
// English message, built from the same parameters the error carries. The route answers them as
// `{detail, code}`; the status is chosen here too so that one table says all of it.

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

// Counts as a person reads them: 100,000 rather than 100000.
const count = (value: number) => value.toLocaleString('en-US');
const megabytes = (bytes: number) => count(Math.floor(bytes / (1024 * 1024)));

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

// 413 for size (as the upload cap answers), 400 for everything else that is wrong with the file.
export const FILE_READER_STATUS: Record<keyof typeof FILE_READER_ERROR_CODES, 400 | 413> = {
  fileTooLarge: 413,
  fileEmpty: 400,
  notUtf8: 400,
  utf16: 400,
  legacyXls: 400,
  notWorkbook: 400,
  workbookUnreadable: 400,
  workbookNoSheet: 400,
  workbookPartTooLarge: 413,
  workbookCompressionRatio: 400,
  workbookTooManyParts: 400,
  formulaCell: 400,
  csvMalformed: 400,
  tooManyRows: 400,
  tooManyColumns: 400,
  cellTooLong: 400,
};
