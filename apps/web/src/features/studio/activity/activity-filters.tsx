import { STUDIO_ACTIONS } from '@attest/shared';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUserQuery } from '../../auth';
import { type ActivityFilters, useStudioAppChoices, useStudioPeople } from '../api/activity';

type Props = { filters: ActivityFilters; onChange: (filters: ActivityFilters) => void };

export function ActivityFiltersBar({ filters, onChange }: Props) {
  const { t } = useTranslation();
  const me = useCurrentUserQuery().data;
  const [appSearch, setAppSearch] = useState('');
  const [q] = useDebouncedValue(appSearch, 250);
  const apps = useStudioAppChoices(q);
  const people = useStudioPeople();
  const set = (patch: Partial<ActivityFilters>) => onChange({ ...filters, ...patch, page: 1 });

  const appOptions = (apps.data?.results ?? []).map((a) => ({ value: String(a.id), label: a.name }));
  if (filters.appId !== null && !appOptions.some((o) => o.value === String(filters.appId)))
    appOptions.unshift({
      value: String(filters.appId),
      label: t('studioPages.activity.appNumber', { id: filters.appId }),
    });

  // The tenant's directory, oneself first; a person a shared link names stays pickable.
  const actorOptions = (people.data ?? []).map((p) => ({
    value: String(p.id),
    label: p.id === me?.id ? t('studioPages.activity.me', { name: p.name }) : `${p.name} (${p.email})`,
  }));
  actorOptions.sort((a, b) => Number(b.value === String(me?.id)) - Number(a.value === String(me?.id)));
  if (filters.actorId !== null && !actorOptions.some((o) => o.value === String(filters.actorId)))
    actorOptions.push({
      value: String(filters.actorId),
      label: t('studioPages.activity.personNumber', { id: filters.actorId }),
    });

  const anyFilter =
    filters.appId !== null ||
    filters.actorId !== null ||
    filters.action !== null ||
    filters.from !== null ||
    filters.to !== null;

  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label={t('studioPages.activity.filters')}>
      <Select
        label={t('studioPages.activity.app')}
        placeholder={t('studioPages.activity.anyApp')}
        data={appOptions}
        value={filters.appId === null ? null : String(filters.appId)}
        onChange={(v) => set({ appId: v ? Number(v) : null })}
        searchable
        searchValue={appSearch}
        onSearchChange={setAppSearch}
        clearable
        w={220}
      />
      <Select
        label={t('studioPages.activity.actor')}
        placeholder={t('studioPages.activity.anyone')}
        data={actorOptions}
        value={filters.actorId === null ? null : String(filters.actorId)}
        onChange={(v) => set({ actorId: v ? Number(v) : null })}
        searchable
        clearable
        limit={50}
        w={240}
      />
      <Select
        label={t('studioPages.activity.action')}
        placeholder={t('studioPages.activity.anyAction')}
        data={STUDIO_ACTIONS.map((a) => ({
          value: a,
          label: t(`studioPages.activity.actions.${a}`, { defaultValue: a.replace(/_/g, ' ') }),
        }))}
        value={filters.action}
        onChange={(v) => set({ action: v })}
        clearable
        w={220}
      />
      <TextInput
        type="date"
        label={t('studioPages.activity.from')}
        value={filters.from ?? ''}
        max={filters.to ?? undefined}
        onChange={(e) => set({ from: e.currentTarget.value || null })}
        w={160}
      />
      <TextInput
        type="date"
        label={t('studioPages.activity.to')}
        value={filters.to ?? ''}
        min={filters.from ?? undefined}
        onChange={(e) => set({ to: e.currentTarget.value || null })}
        w={160}
      />
      {anyFilter ? (
        <Button
          variant="subtle"
          onClick={() =>
            onChange({ page: 1, appId: null, actorId: null, action: null, from: null, to: null })
          }
        >
          {t('studioPages.activity.clear')}
        </Button>
      ) : null}
    </Group>
  );
}
