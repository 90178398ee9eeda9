import {
  type ConditionGroup,
  emptyConditionGroup,
  groupSize,
  isEmptyGroup,
  type ObjectTypeDefinition,
  recordCatalogue,
} from '@attest/shared';
import { Badge, Button, CloseButton, Group, Paper, ScrollArea, Stack, Title } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBuilder, useAllBusinessUnits, useRegions } from '../../workflow-list';

type RecordFieldFiltersProps = {
  definition: ObjectTypeDefinition;
  applied: ConditionGroup | undefined;
  onApply: (group: ConditionGroup | undefined) => void;
  // Other list actions shown beside the toggle (the saved views), above the panel.
  children?: ReactNode;
};

// The records list's field filters (plan §7): the dashboard's condition builder over the type's
// catalogue (recordCatalogue, what GET records/:tag/ checks advanced_filters against). Edits stay
// a draft until applied, so a half-written condition never reaches the list.
export function RecordFieldFilters({ definition, applied, onApply, children }: RecordFieldFiltersProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<ConditionGroup>(applied ?? emptyConditionGroup());
  // A filter applied from elsewhere (a saved view, the back button) replaces the draft.
  useEffect(() => setDraft(applied ?? emptyConditionGroup()), [applied]);
  const catalogue = useMemo(() => recordCatalogue(definition), [definition]);
  const regions = useRegions();
  const units = useAllBusinessUnits(definition.has_business_unit);
  const choices = useMemo(
    () => ({
      regions: (regions.data ?? []).map((r) => ({ value: String(r.id), label: r.name })),
      businessUnits: (units.data ?? []).map((u) => ({ value: String(u.id), label: u.name })),
    }),
    [regions.data, units.data],
  );
  const panelId = useId();
  const count = applied ? groupSize(applied).conditions : 0;

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap">
        <Button
          variant={count > 0 ? 'light' : 'default'}
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
          rightSection={count > 0 ? <Badge size="sm">{count}</Badge> : null}
          aria-expanded={opened}
          aria-controls={opened ? panelId : undefined}
          onClick={() => setOpened((open) => !open)}
        >
          {t('records.filters.toggle')}
        </Button>
        {children}
      </Group>
      {opened && (
        <Paper
          withBorder
          radius="md"
          p="md"
          component="aside"
          id={panelId}
          aria-label={t('records.filters.title')}
        >
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap">
              <Title order={2} fz="md">
                {t('records.filters.title')}
              </Title>
              <CloseButton aria-label={t('records.filters.close')} onClick={() => setOpened(false)} />
            </Group>
            <ScrollArea.Autosize mah="min(40vh, 28rem)" type="auto" offsetScrollbars>
              <FilterBuilder
                catalogue={catalogue}
                value={draft}
                onChange={setDraft}
                choices={choices}
                onApply={(group) => onApply(isEmptyGroup(group) ? undefined : group)}
              />
            </ScrollArea.Autosize>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
