import type { StudioWorkingCopy } from '@attest/shared';
import { Alert, Anchor, List, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { studioPaths } from '../../apps/studio-paths';
import { NewProcessButton } from './new-process-button';

// The address names no process of the branch (renamed, removed, or never there): list those it has.
export function MissingProcess({
  appId,
  branchName,
  pkg,
}: {
  appId: number;
  branchName: string;
  pkg: StudioWorkingCopy | undefined;
}) {
  const { t } = useTranslation();
  const tags = (pkg?.processes ?? [])
    .map((p) => (p.kind as { tag?: unknown; name?: unknown } | undefined) ?? {})
    .filter((kind): kind is { tag: string; name?: unknown } => typeof kind.tag === 'string');
  return (
    <Stack gap="sm">
      <Alert color="yellow">{t('studioDesigner.processMissing')}</Alert>
      {tags.length > 0 && (
        <List>
          {tags.map((kind) => (
            <List.Item key={kind.tag}>
              <Anchor component={Link} to={studioPaths.designer(appId, branchName, kind.tag)}>
                {typeof kind.name === 'string' && kind.name ? kind.name : kind.tag}
              </Anchor>
            </List.Item>
          ))}
        </List>
      )}
      <NewProcessButton appId={appId} branchName={branchName} />
    </Stack>
  );
}
