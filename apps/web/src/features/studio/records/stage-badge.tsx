import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STAGE_COLORS: Record<string, string> = {
  draft: 'gray.8',
  rft: 'orange.9',
  deployed: 'teal.9',
  ARCHIVE: 'dark.4',
};

// A stage as a filled badge with its name (white on a dark shade, readable at 4.5:1).
export function StageBadge({ stage }: { stage: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={STAGE_COLORS[stage] ?? 'gray.8'} variant="filled" radius="sm" tt="none">
      {t(`studioPages.stages.${stage}`)}
    </Badge>
  );
}
