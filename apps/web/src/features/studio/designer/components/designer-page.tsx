import { Alert, Anchor, Button, Group, Loader, Stack } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { studioPaths } from '../../apps/studio-paths';
import { useProcessSource } from '../use-process-source';
import { DesignerWorkspace } from './designer-workspace';
import { MissingProcess } from './missing-process';

// /studio/apps/:id/:branch/designer/:process(/:processSavepointId): the designer of one process of
// a branch's working copy; a savepoint's process opens read-only.
export function ProcessDesignerPage() {
  const { t } = useTranslation();
  const found = useProcessSource();
  if (found.status === 'loading') return <Loader aria-label={t('studioDesigner.loading')} />;
  if (found.status === 'error') return <Alert color="red">{t('studioDesigner.loadFailed')}</Alert>;
  if (found.status === 'missing')
    return <MissingProcess appId={found.appId} branchName={found.branchName} pkg={found.pkg} />;
  const processPath = studioPaths.process(found.appId, found.branchName, found.processTag);
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Anchor component={Link} to={studioPaths.branch(found.appId, found.branchName)} size="sm">
          {t('studioDesigner.backToApp')}
        </Anchor>
      </Group>
      <DesignerWorkspace
        key={`${found.appId}/${found.branchName}/${found.processTag}/${found.savepointId ?? ''}`}
        definition={found.definition}
        source={found.source}
        readOnly={!found.editable}
        objectTypes={found.objectTypes}
        extra={
          <Button
            component={Link}
            to={found.savepointId ? `${processPath}/${found.savepointId}` : processPath}
            variant="default"
            leftSection={<IconEye size={16} aria-hidden />}
          >
            {t('studioDesigner.processPage')}
          </Button>
        }
      />
    </Stack>
  );
}
