import type { StudioBranchSummary } from '@attest/shared';
import { Button, Stack, Text } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { IconChevronDown, IconGitBranch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SearchableDropdown } from '../../../components/searchable-dropdown';
import { studioPaths } from './studio-paths';

export type BranchPickerProps = {
  appId: number;
  branches: readonly StudioBranchSummary[];
  current: StudioBranchSummary;
};

// Which branch the app page shows; choosing one opens its address. An app may hold many branches:
// the shared searchable dropdown searches and virtualises them past 15 (spec 2 §2.9).
export function BranchPicker({ appId, branches, current }: BranchPickerProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const labelId = useId();
  const buttonId = useId();
  return (
    <Stack gap={4}>
      <Text id={labelId} fz="sm" fw={500}>
        {t('studio.app.branch')}
      </Text>
      <SearchableDropdown
        label={t('studio.app.branch')}
        items={branches.map((branch) => ({ value: branch.name, label: branch.name }))}
        value={current.name}
        onSelect={(name) => name !== current.name && navigate(studioPaths.branch(appId, name))}
        position="bottom-end"
        id={buttonId}
      >
        <Button
          aria-labelledby={`${labelId} ${buttonId}`}
          variant="default"
          w={220}
          justify="space-between"
          leftSection={<IconGitBranch size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          styles={{ label: { flex: 1, overflow: 'hidden' } }}
        >
          <Text span fz="sm" truncate="end" dir="auto">
            {current.name}
          </Text>
        </Button>
      </SearchableDropdown>
    </Stack>
  );
}
