import {
  type ConditionGroup,
  commonCatalogue,
  emptyConditionGroup,
  type FilterAttribute,
  isEmptyGroup,
} from '@attest/shared';
import { CloseButton, Group, Paper, ScrollArea, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBadgeChoices } from '../../badges';
import { useAllBusinessUnits, useRegions, useStatuses } from '../api/lookups';
import { FilterBuilder, statusOptions } from './filter-builder';

type AdvancedFilterPanelProps = {
  applied: ConditionGroup | undefined;
  // The chosen kind's attributes (fields/export-json/?active_kind=); the common ones without a kind.
  kindCatalogue: readonly FilterAttribute[] | undefined;
  kindSelected: boolean;
  loading: boolean;
  onApply: (group: ConditionGroup | undefined) => void;
  onClose: () => void;
};

const COMMON = commonCatalogue();
// A third of the window at most (at 1280x720 the list still starts well inside the window).
export const PANEL_MAX_HEIGHT = 'min(34vh, 26rem)';

// The collapsible workflow-list filter panel (spec 1 §2) holding the advanced filter builder, shown
// above the list at its full width. Edits stay a draft until applied, so a half-written condition
// never reaches the list.
export function AdvancedFilterPanel({
  applied,
  kindCatalogue,
  kindSelected,
  loading,
  onApply,
  onClose,
}: AdvancedFilterPanelProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ConditionGroup>(applied ?? emptyConditionGroup());
  // A filter applied from elsewhere (a queue, a saved filter, the back button) replaces the draft.
  useEffect(() => setDraft(applied ?? emptyConditionGroup()), [applied]);
  const regions = useRegions();
  const units = useAllBusinessUnits(true);
  const statuses = useStatuses();
  const badges = useBadgeChoices();
  const choices = useMemo(
    () => ({
      regions: (regions.data ?? []).map((r) => ({ value: String(r.id), label: r.name })),
      businessUnits: (units.data ?? []).map((u) => ({ value: String(u.id), label: u.name })),
      statuses: statusOptions(statuses.data ?? []),
      badges: (badges.data ?? []).map((b) => ({ value: b.tag, label: b.label, color: b.colour })),
    }),
    [regions.data, units.data, statuses.data, badges.data],
  );
  const catalogue = kindSelected ? kindCatalogue : COMMON;

  return (
    <Paper withBorder radius="md" p="md" component="aside" aria-label={t('dashboard.advanced.title')}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="md">
            {t('dashboard.advanced.title')}
          </Title>
          <CloseButton aria-label={t('dashboard.advanced.close')} onClick={onClose} />
        </Group>
        <Text size="xs" c="dimmed">
          {t(kindSelected ? 'dashboard.advanced.kindHint' : 'dashboard.advanced.commonHint')}
        </Text>
        {/* Its own height limit and scroll, so the list below stays in view with many conditions. */}
        <ScrollArea.Autosize mah={PANEL_MAX_HEIGHT} offsetScrollbars data-testid="advanced-filter-scroll">
          {loading || !catalogue ? (
            <Stack gap="xs">
              <Skeleton h={36} />
              <Skeleton h={36} />
            </Stack>
          ) : (
            <FilterBuilder
              catalogue={catalogue}
              value={draft}
              onChange={setDraft}
              choices={choices}
              onApply={(group) => onApply(isEmptyGroup(group) ? undefined : group)}
            />
          )}
        </ScrollArea.Autosize>
      </Stack>
    </Paper>
  );
}
