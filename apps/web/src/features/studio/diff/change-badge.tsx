import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChangeKind } from './group-changes';

// Dark shades under white text, so each badge reads at 4.5:1; the word says the kind, not the colour.
export const CHANGE_COLORS: Record<ChangeKind, string> = {
  added: 'teal.9',
  removed: 'red.9',
  moved: 'blue.9',
  changed: 'grape.9',
};

export function ChangeBadge({ kind, count }: { kind: ChangeKind; count?: number }) {
  const { t } = useTranslation();
  const label =
    count === undefined
      ? t(`studioPages.diff.kinds.${kind}`)
      : t(`studioPages.diff.counts.${kind}`, { count });
  return (
    <Badge color={CHANGE_COLORS[kind]} variant="filled" radius="sm" tt="none" data-kind={kind}>
      {label}
    </Badge>
  );
}
