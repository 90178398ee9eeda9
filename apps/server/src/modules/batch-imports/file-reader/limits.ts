import { MAX_IMPORT_BYTES, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from '@attest/shared';

// What an import file may hold. The file, row and column bounds are the import's own (shared, so the
// web app checks the same before it uploads); the cell bound is Excel's (32,767 characters); the ZIP
// bounds guard against a workbook built to unpack without end. Tests lower them to stay fast.
export type FileReaderLimits = {
  // Bytes of the uploaded file, counted as they stream in (the upload's own cap comes first).
  maxFileBytes: number;
  // Data rows, the header row not counted.
  maxRows: number;
  maxColumns: number;
  maxCellChars: number;
  // XLSX is a ZIP: each part is refused past this many inflated bytes, counted on the real output.
  maxZipEntryBytes: number;
  // ... or when it inflates more than this many times its packed size once past ratioCheckFromBytes
  // (small parts of a real workbook compress well too, so the ratio only counts on big ones).
  maxCompressionRatio: number;
  ratioCheckFromBytes: number;
  maxZipEntries: number;
};

export const DEFAULT_FILE_READER_LIMITS: FileReaderLimits = {
  maxFileBytes: MAX_IMPORT_BYTES,
  maxRows: MAX_IMPORT_ROWS,
  maxColumns: MAX_IMPORT_COLUMNS,
  maxCellChars: 32_767,
  maxZipEntryBytes: 200 * 1024 * 1024,
  maxCompressionRatio: 100,
  ratioCheckFromBytes: 4 * 1024 * 1024,
  maxZipEntries: 2_000,
};
