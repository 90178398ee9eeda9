import type { HomeShortcut } from '@attest/shared';
import { Alert, Button, Paper, Select, Stack, Text, Title, useDirection } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight, IconPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { track } from '../../../lib/analytics/track';
import { useCreateChild } from '../api/create-child';
import { useShortcutParents } from '../api/get-shortcut-parents';

// Spec 2 §1, §3.9: a shortcut picks a workflow of its kind (in an allowed status) and either starts a
// child workflow from it (create_new_workflow, through the parent's child field) or opens it at the
// shortcut's step (navigate_to_parent_step).
export function ShortcutCard({ shortcut }: { shortcut: HomeShortcut }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [parentId, setParentId] = useState<string | null>(null);
  const parents = useShortcutParents(shortcut.index, q, true);
  const create = useCreateChild();
  const options = (parents.data?.results ?? []).map((w) => ({
    value: String(w.id),
    label: `${w.name} · ${w.status.display_name}`,
  }));
  // Spec 2 §3.9: with no workflow in an allowed status, the mapping's own message says why.
  const none = parents.isSuccess && parents.data.count === 0 && q === '';
  const creates = shortcut.use_case === 'create_new_workflow';
  const title = shortcut.title ?? shortcut.kind.name;
  // The arrow points the way the page reads.
  const Arrow = useDirection().dir === 'rtl' ? IconArrowLeft : IconArrowRight;

  const act = () => {
    if (parentId === null) return;
    track('home.start_workflow', { kind: shortcut.kind.id });
    if (!creates) {
      navigate(`/process/${parentId}?step=${encodeURIComponent(shortcut.step_tag)}`);
      return;
    }
    if (shortcut.field_tag === null) return;
    create.mutate(
      { parentId: Number(parentId), fieldTag: shortcut.field_tag },
      { onSuccess: ({ child }) => navigate(`/process/${child.id}?new=true`) },
    );
  };

  return (
    <Paper component="article" aria-labelledby={titleId} withBorder radius="md" p="md" h="100%">
      <Stack gap="sm" h="100%">
        <Title order={3} fz="h5" id={titleId} dir="auto">
          {title}
        </Title>
        {shortcut.description && (
          <Text fz="sm" c="dimmed" dir="auto">
            {shortcut.description}
          </Text>
        )}
        {parents.isError && (
          <Text fz="sm" c="red" role="alert">
            {t('home.loadFailed')}
          </Text>
        )}
        {none ? (
          <Text fz="sm" role="status" dir="auto">
            {shortcut.status_filtering_fallback_message ??
              t('home.shortcuts.noParents', { kind: shortcut.kind.name })}
          </Text>
        ) : (
          <>
            <Select
              label={t('home.shortcuts.parentLabel', { kind: shortcut.kind.name })}
              placeholder={t('home.shortcuts.parentPlaceholder')}
              data={options}
              value={parentId}
              onChange={setParentId}
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              // The server searches; every option it answers is a match.
              filter={({ options: all }) => all}
              nothingFoundMessage={parents.isFetching ? t('home.loading') : t('home.shortcuts.nothingFound')}
              comboboxProps={{ withinPortal: true }}
            />
            <Button
              onClick={act}
              disabled={parentId === null}
              loading={create.isPending}
              leftSection={creates ? <IconPlus size={16} aria-hidden /> : <Arrow size={16} aria-hidden />}
              style={{ alignSelf: 'flex-start' }}
            >
              {creates
                ? (shortcut.create_button_label ??
                  t('home.shortcuts.create', { kind: shortcut.creation_kind?.name ?? shortcut.kind.name }))
                : t('home.shortcuts.open')}
            </Button>
          </>
        )}
        {create.isError && (
          <Alert color="red" variant="light" role="alert">
            {t('home.shortcuts.createFailed')}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
