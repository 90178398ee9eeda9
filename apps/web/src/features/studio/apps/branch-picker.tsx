import type { StudioBranchSummary } from '@attest/shared';
import { Select } from '@mantine/core';
import { IconGitBranch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { studioPaths } from './studio-paths';

export type BranchPickerProps = {
  appId: number;
  branches: readonly StudioBranchSummary[];
  current: StudioBranchSummary;
};

// Which branch the app page shows; choosing one opens its address.
export function BranchPicker({ appId, branches, current }: BranchPickerProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Select
      label={t('studio.app.branch')}
      leftSection={<IconGitBranch size={16} />}
      data={branches.map((branch) => ({ value: branch.name, label: branch.name }))}
      value={current.name}
      allowDeselect={false}
      searchable={branches.length > 8}
      onChange={(name) => name && navigate(studioPaths.branch(appId, name))}
      w={220}
    />
  );
}
