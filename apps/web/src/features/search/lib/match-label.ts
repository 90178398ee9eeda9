import type { SearchMatch } from '@attest/shared';
import type { TFunction } from 'i18next';

// Where the words were found, in words: 'Name', 'Workflow id', 'Answer · Supplier name', 'Comment'.
export function matchLabel(t: TFunction, match: SearchMatch): string {
  const where = t(`search.source.${match.source}`);
  return match.source === 'answer' && match.field_label ? `${where} · ${match.field_label}` : where;
}
