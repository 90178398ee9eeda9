// Issue 14: every file of one report (its PNG, its CSV download, the CSV a subscription mails, any
// later format) is named the same way: `<report-name-slug>-<yyyy-mm-dd>.<ext>`. The slug keeps letters
// and digits of any script, drops Latin accents and joins words with '-'; the day is the UTC day.
export const REPORT_FILE_SLUG_MAX = 80;

export function reportFileSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, REPORT_FILE_SLUG_MAX)
    .replace(/-+$/, '');
  return slug || 'report';
}

export type ReportFileExtension = 'png' | 'csv' | 'xlsx' | 'pdf';

export function reportFileName(name: string, day: Date, extension: ReportFileExtension): string {
  return `${reportFileSlug(name)}-${day.toISOString().slice(0, 10)}.${extension}`;
}
