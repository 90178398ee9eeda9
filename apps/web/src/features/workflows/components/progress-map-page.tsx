import { Alert, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../hooks/use-now';
import { ActivityDrawer } from './activity-drawer';
import { ArchivedBanner } from './archived-banner';
import { ProcessHeader } from './process-header';
import { ProgressMap } from './progress-map';
import { WorkflowGate } from './workflow-gate';

// /process/:id/map ('Can view progress map').
export function ProgressMapPage() {
  const { t } = useTranslation();
  const now = useNow();
  const [activityOpen, setActivityOpen] = useState(false);
  return (
    <WorkflowGate>
      {(detail, definition) => (
        <Stack gap="lg" maw={1400} mx="auto">
          <ProcessHeader detail={detail} view="map" onOpenActivity={() => setActivityOpen(true)} />
          <ArchivedBanner detail={detail} />
          {detail.abilities.can_view_progress_map ? (
            <>
              <Text fz="sm" c="dimmed">
                {t('process.map.hint')}
              </Text>
              <ProgressMap detail={detail} definition={definition} now={now} />
            </>
          ) : (
            <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
              {t('process.map.noAccess')}
            </Alert>
          )}
          <ActivityDrawer
            workflowId={detail.id}
            definition={definition}
            opened={activityOpen}
            onClose={() => setActivityOpen(false)}
          />
        </Stack>
      )}
    </WorkflowGate>
  );
}
