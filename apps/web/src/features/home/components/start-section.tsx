import type { Home } from '@attest/shared';
import { Anchor, Box, Stack, Text } from '@mantine/core';
import { IconLayoutList, IconRocket } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { track } from '../../../lib/analytics/track';
import { NewWorkflowButton } from '../../workflows';
import { HomeCard } from './home-card';

const DASHBOARD = '/workflows/instances';

// The dashboard of one kind, in its kind view (its queues, alerts and export): the parameters the
// dashboard's URL state reads (workflow-list's dashboard-state.ts: `kind_id`, `view=kind`).
function kindDashboard(kindId: number): string {
  return `${DASHBOARD}?${new URLSearchParams({ kind_id: String(kindId), view: 'kind' })}`;
}

export type StartSectionProps = {
  message: string | null;
  processes: Home['process_shortcuts'];
  // Whether the person may start a workflow (undefined while asked): the message invites them to.
  canStart: boolean | undefined;
  // Whether the person may open the dashboard ('Can view dashboard'): the browse links lead there.
  canBrowse: boolean;
};

// "Start a workflow" with the tenant's create_new_message above it (spec 2 §3.9), and "Browse all":
// the dashboard of every workflow, and of each kind the configuration lists (process_shortcuts).
// Each part only for people who may use it.
export function StartSection({ message, processes, canStart, canBrowse }: StartSectionProps) {
  const { t } = useTranslation();
  const byProcessId = useId();
  return (
    <HomeCard title={t('home.start.title')} icon={<IconRocket size={20} aria-hidden />}>
      <Stack gap="sm" align="flex-start">
        {canStart !== false && (
          <>
            <Text fz="sm" dir={message ? 'auto' : undefined}>
              {message ?? t('home.start.defaultMessage')}
            </Text>
            <NewWorkflowButton label="home.start.button" />
          </>
        )}
        {canBrowse && (
          <Anchor component={Link} to={DASHBOARD} fz="sm" onClick={() => track('home.browse_all')}>
            <IconLayoutList size={14} aria-hidden style={{ marginInlineEnd: 4, verticalAlign: 'middle' }} />
            {t('home.start.browseAll')}
          </Anchor>
        )}
        {canBrowse && processes.length > 0 && (
          // A visible heading: a bare list of kind names would not say where its links go.
          <Box>
            <Text fz="sm" fw={500} id={byProcessId}>
              {t('home.start.byProcess')}
            </Text>
            <Box component="ul" aria-labelledby={byProcessId} m={0} mt={4} ps="md">
              {processes.map((kind) => (
                <li key={kind.id}>
                  <Anchor
                    component={Link}
                    to={kindDashboard(kind.id)}
                    fz="sm"
                    dir="auto"
                    onClick={() => track('home.browse_all', { kind: kind.id })}
                  >
                    {kind.name}
                  </Anchor>
                </li>
              ))}
            </Box>
          </Box>
        )}
      </Stack>
    </HomeCard>
  );
}
