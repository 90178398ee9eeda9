import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconHistory, IconPlus, IconSearch, IconStack2 } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TableOverview } from '../../../components/table-overview';
import { STUDIO_APPS_PAGE_SIZE, useStudioApps } from '../api/apps';
import { AppsEmptyState } from './apps-empty-state';
import { AppsTable } from './apps-table';
import { CreateAppDialog } from './create-app-dialog';
import { studioPaths } from './studio-paths';

const SEARCH_DEBOUNCE_MS = 300;

function pageParam(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

// Spec 2 §2.4 /studio/apps: the tenant's apps, searched and paged on the server. The search and the
// page live in the address (?q=, ?page=), so a link or a reload shows the same list.
export function AppsListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = pageParam(params.get('page'));
  const [search, setSearch] = useState(q);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [creating, setCreating] = useState(false);
  const apps = useStudioApps({ page: page - 1, q });

  // The address changed by itself (back, forward, a link): the box shows its search.
  const sent = useRef(q);
  useEffect(() => {
    if (q === sent.current) return;
    sent.current = q;
    setSearch(q);
  }, [q]);

  // The typed search reaches the address (and the server) once typing pauses; a new search starts
  // on its first page.
  // Only a change of the typed text does: an address changed by itself leaves it alone.
  const typed = useRef(debounced);
  useEffect(() => {
    if (debounced === typed.current) return;
    typed.current = debounced;
    if (debounced.trim() === q.trim()) return;
    sent.current = debounced.trim() ? debounced : '';
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (debounced.trim()) next.set('q', debounced);
        else next.delete('q');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [debounced, q, setParams]);

  const setPage = (value: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value > 1) next.set('page', String(value));
      else next.delete('page');
      return next;
    });

  const count = apps.data?.count ?? 0;
  const rows = apps.data?.results ?? [];
  const firstEmpty = apps.isSuccess && count === 0 && !q.trim();

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1} fz="h2">
            {t('studio.apps.title')}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('studio.apps.subtitle')}
          </Text>
        </Stack>
        <Group gap="sm">
          {/* The studio's other two lists: every change, and every version by stage. */}
          <Button
            component={Link}
            to="/studio/activity-logs"
            variant="default"
            leftSection={<IconHistory size={16} />}
          >
            {t('studio.apps.activity')}
          </Button>
          <Button
            component={Link}
            to="/studio/records/draft"
            variant="default"
            leftSection={<IconStack2 size={16} />}
          >
            {t('studio.apps.byStage')}
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t('studio.apps.new')}
          </Button>
        </Group>
      </Group>
      {firstEmpty ? (
        <AppsEmptyState onCreate={() => setCreating(true)} />
      ) : (
        <Paper withBorder radius="lg" p="md" shadow="xs">
          <Stack gap="md">
            <TextInput
              leftSection={<IconSearch size={16} />}
              placeholder={t('studio.apps.search')}
              aria-label={t('studio.apps.search')}
              type="search"
              value={search}
              maxLength={200}
              onChange={(e) => setSearch(e.currentTarget.value)}
              maw={360}
            />
            <AppsTable apps={rows} loading={apps.isPending} searched={Boolean(q.trim())} />
            {apps.isError && (
              <Text c="red" fz="sm" role="alert">
                {t('studio.apps.loadFailed')}
              </Text>
            )}
            <TableOverview
              total={apps.data?.count}
              page={page}
              onPage={setPage}
              pageSize={STUDIO_APPS_PAGE_SIZE}
            />
          </Stack>
        </Paper>
      )}
      {creating && (
        <CreateAppDialog
          opened
          onClose={() => setCreating(false)}
          onCreated={(app) => navigate(studioPaths.app(app.id))}
        />
      )}
    </Stack>
  );
}
