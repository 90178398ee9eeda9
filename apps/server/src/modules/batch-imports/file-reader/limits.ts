// What an import file may hold. The defaults follow issue 18 (a hundred thousand rows, 100 MB) and
// Excel's own bounds (32,767 characters in a cell); a route may lower them, tests lower them to stay fast.
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
  maxFileBytes: 100 * 1024 * 1024,
  maxRows: 100_000,
  maxColumns: 500,
  maxCellChars: 32_767,
  maxZipEntryBytes: 200 * 1024 * 1024,
  maxCompressionRatio: 100,
  ratioCheckFromBytes: 4 * 1024 * 1024,
  maxZipEntries: 2_000,
};
