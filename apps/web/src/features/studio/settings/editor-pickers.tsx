import { HttpError, type StudioAppSettings } from '@attest/shared';
import { MultiSelect, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStudioPeople } from '../api/activity';
import { useStudioGroups } from '../api/app-settings';

type Props = {
  settings: StudioAppSettings;
  userIds: number[];
  groupIds: number[];
  onUsers: (ids: number[]) => void;
  onGroups: (ids: number[]) => void;
  disabled: boolean;
  errors: { users?: string; groups?: string };
};

// Who may edit the app: people from the tenant's directory and groups. The chosen keep their labels
// from the settings even when a search no longer lists them.
export function EditorPickers({ settings, userIds, groupIds, onUsers, onGroups, disabled, errors }: Props) {
  const { t } = useTranslation();
  const people = useStudioPeople();
  const [groupSearch, setGroupSearch] = useState('');
  const [q] = useDebouncedValue(groupSearch, 250);
  const groups = useStudioGroups(q);
  const groupsRefused = groups.error instanceof HttpError && groups.error.status === 403;

  const personLabels = new Map<number, string>();
  for (const u of settings.editors.users) personLabels.set(u.id, `${u.name} (${u.email})`);
  for (const u of people.data ?? []) personLabels.set(u.id, `${u.name} (${u.email})`);
  const groupLabels = new Map<number, string>();
  for (const g of settings.editors.groups) groupLabels.set(g.id, g.name);
  for (const g of groups.data?.results ?? []) groupLabels.set(g.id, g.name);

  return (
    <Stack gap="md">
      <MultiSelect
        label={t('studioPages.settings.people')}
        description={t('studioPages.settings.peopleHint')}
        placeholder={t('studioPages.settings.searchPeople')}
        data={[...personLabels].map(([id, label]) => ({ value: String(id), label }))}
        value={userIds.map(String)}
        onChange={(ids) => onUsers(ids.map(Number))}
        searchable
        hidePickedOptions
        limit={50}
        nothingFoundMessage={t('studioPages.settings.nobodyFound')}
        disabled={disabled}
        error={errors.users}
      />
      <MultiSelect
        label={t('studioPages.settings.groups')}
        description={
          groupsRefused ? t('studioPages.settings.groupsAdminOnly') : t('studioPages.settings.groupsHint')
        }
        placeholder={t('studioPages.settings.searchGroups')}
        data={[...groupLabels].map(([id, label]) => ({ value: String(id), label }))}
        value={groupIds.map(String)}
        onChange={(ids) => onGroups(ids.map(Number))}
        searchable
        searchValue={groupSearch}
        onSearchChange={setGroupSearch}
        hidePickedOptions
        nothingFoundMessage={t('studioPages.settings.noGroupFound')}
        disabled={disabled}
        error={errors.groups}
      />
    </Stack>
  );
}
