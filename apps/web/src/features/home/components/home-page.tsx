import { Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBell, IconBellOff, IconFileOff, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../auth';
import { useCanStart } from '../api/get-can-start';
import { useHome } from '../api/get-home';
import { RecentSection } from './recent-section';
import { ReportSection } from './report-section';
import { ShortcutCard } from './shortcut-card';
import { StartSection } from './start-section';
import { WaitingSection } from './waiting-section';
import { WorkflowSection } from './workflow-section';

const emptyIcon = (Icon: typeof IconBellOff) => (
  <Icon size={32} stroke={1.4} color="var(--mantine-color-gray-5)" aria-hidden />
);

// /home (spec 2 §1, §9.4): the tenant's shortcuts, then start a workflow, waiting on you, recently
// viewed, following, requested by you and my process report. Each section loads on its own.
export function HomePage() {
  const { t } = useTranslation();
  const home = useHome();
  const { can } = usePermissions();
  const canStart = useCanStart();
  const canBrowse = can('can_view_dashboard');
  const shortcuts = home.data?.shortcuts ?? [];
  return (
    <Stack maw={1200} mx="auto" gap="lg">
      <Title order={1} fz="h2">
        {t('home.title')}
      </Title>
      {home.isPending && (
        <Center py="md">
          <Loader size="sm" aria-label={t('home.loading')} />
        </Center>
      )}
      {home.isError && (
        <Text c="red" role="alert">
          {t('home.shortcuts.loadFailed')}
        </Text>
      )}
      {shortcuts.length > 0 && (
        <Stack component="section" aria-labelledby="home-shortcuts" gap="sm">
          <Title order={2} fz="h4" id="home-shortcuts">
            {t('home.shortcuts.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {shortcuts.map((shortcut) => (
              <ShortcutCard key={shortcut.index} shortcut={shortcut} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {(canStart.data !== false || canBrowse) && (
          <StartSection
            message={home.data?.create_new_message ?? null}
            processes={home.data?.process_shortcuts ?? []}
            canStart={canStart.data}
            canBrowse={canBrowse}
          />
        )}
        {can('can_view_tasks') && <WaitingSection />}
        <RecentSection />
        <WorkflowSection
          kind="following"
          icon={<IconBell size={20} aria-hidden />}
          emptyIcon={emptyIcon(IconBellOff)}
        />
        <WorkflowSection
          kind="requested"
          icon={<IconSend size={20} aria-hidden />}
          emptyIcon={emptyIcon(IconFileOff)}
        />
        {/* The report page needs 'Can view process report': nobody is offered a link it refuses. */}
        {home.data?.my_process_report != null && can('can_view_process_report') && (
          <ReportSection reportId={home.data.my_process_report} />
        )}
      </SimpleGrid>
    </Stack>
  );
}
