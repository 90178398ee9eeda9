import type { StudioEnvironment, StudioStage } from '@attest/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STAGE_COLORS: Record<StudioStage, string> = {
  draft: 'gray',
  rft: 'yellow',
  deployed: 'green',
  ARCHIVE: 'dark',
};

export function StageBadge({ stage }: { stage: StudioStage }) {
  const { t } = useTranslation();
  return (
    <Badge color={STAGE_COLORS[stage]} variant="light" tt="none">
      {t(`studio.stages.${stage}`)}
    </Badge>
  );
}

export function EnvironmentBadge({ environment }: { environment: StudioEnvironment }) {
  const { t } = useTranslation();
  return (
    <Badge color={environment === 'PRODUCTION' ? 'teal' : 'blue'} variant="outline" tt="none">
      {t(`studio.environments.${environment}`)}
    </Badge>
  );
}

export const versionLabel = (version: { major: number; minor: number }) =>
  `${version.major}.${version.minor}`;
