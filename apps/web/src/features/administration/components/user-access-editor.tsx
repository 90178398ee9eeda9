import type { UserAccess } from '@attest/shared';
import { Alert, Button, Group, ScrollArea, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBusinessUnits, useRegions } from '../api/regions';
import { useReplaceUserAccess, useUserAccess } from '../api/user-access';
import { type AccessChoice, accessMaps, toUserAccess } from '../lib/access-maps';
import { errorText } from '../lib/error-text';

// Region and business-unit access, read or full, as the workflow queries will apply it.
export function UserAccessEditor({ userId }: { userId: number }) {
  const access = useUserAccess(userId);
  const regions = useRegions();
  const units = useBusinessUnits();
  if (access.isPending || regions.isPending || units.isPending) return <Skeleton h={120} />;
  if (!access.data || !regions.data || !units.data) return null;
  return (
    <AccessForm
      key={JSON.stringify(access.data)}
      userId={userId}
      initial={access.data}
      regions={regions.data}
      units={units.data}
    />
  );
}

type AccessFormProps = {
  userId: number;
  initial: UserAccess;
  regions: { id: number; name: string }[];
  units: { id: number; name: string; region_id: number }[];
};

function AccessForm({ userId, initial, regions, units }: AccessFormProps) {
  const { t } = useTranslation();
  const replace = useReplaceUserAccess();
  const [maps, setMaps] = useState(() => accessMaps(initial));
  const choices = [
    { value: 'none', label: t('admin.access.none') },
    { value: 'read', label: t('admin.access.read') },
    { value: 'full', label: t('admin.access.full') },
  ];
  const set = (kind: 'regions' | 'units', id: number, value: AccessChoice) =>
    setMaps((current) => ({ ...current, [kind]: { ...current[kind], [id]: value } }));

  if (regions.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        {t('admin.access.noRegions')}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Text fz="xs" c="dimmed">
        {t('admin.access.hint')}
      </Text>
      <ScrollArea.Autosize mah={340} type="auto" offsetScrollbars>
        <Stack gap={6}>
          {regions.map((region) => (
            <Stack key={region.id} gap={4}>
              <AccessRow
                label={region.name}
                strong
                value={maps.regions[region.id] ?? 'none'}
                onChange={(value) => set('regions', region.id, value)}
                choices={choices}
              />
              {units
                .filter((unit) => unit.region_id === region.id)
                .map((unit) => (
                  <AccessRow
                    key={unit.id}
                    label={unit.name}
                    indent
                    value={maps.units[unit.id] ?? 'none'}
                    onChange={(value) => set('units', unit.id, value)}
                    choices={choices}
                  />
                ))}
            </Stack>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      {replace.error && (
        <Alert color="red" variant="light">
          {errorText(replace.error, t)}
        </Alert>
      )}
      {replace.isSuccess && (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />}>
          {t('admin.saved')}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button
          variant="default"
          onClick={() => replace.mutate({ id: userId, access: toUserAccess(maps) })}
          loading={replace.isPending}
        >
          {t('admin.access.save')}
        </Button>
      </Group>
    </Stack>
  );
}

type AccessRowProps = {
  label: string;
  value: AccessChoice;
  onChange: (value: AccessChoice) => void;
  choices: { value: string; label: string }[];
  strong?: boolean;
  indent?: boolean;
};

function AccessRow({ label, value, onChange, choices, strong, indent }: AccessRowProps) {
  return (
    <Group justify="space-between" wrap="nowrap" ps={indent ? 'lg' : 0}>
      <Text fz="sm" fw={strong ? 600 : 400} truncate="end">
        {label}
      </Text>
      <SegmentedControl
        size="xs"
        data={choices}
        value={value}
        onChange={(next) => onChange(next as AccessChoice)}
        aria-label={label}
      />
    </Group>
  );
}
