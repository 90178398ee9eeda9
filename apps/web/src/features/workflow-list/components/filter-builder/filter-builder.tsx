import {
  type ConditionGroup,
  catalogueIndex,
  emptyConditionGroup,
  type FilterAttribute,
  type FilterProblem,
  groupSize,
  MAX_CONDITIONS,
  validateConditionGroup,
} from '@attest/shared';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConditionGroupEditor } from './condition-group-editor';
import type { FilterChoices } from './filter-choices';
import { PROBLEM_SELECTOR, RevealContext } from './reveal-context';
import { useBuilderChoices } from './use-builder-choices';

export type FilterBuilderProps = {
  // The kind's attributes (fields/export-json/?active_kind=), or the common ones without a kind.
  catalogue: readonly FilterAttribute[];
  // The condition group being edited; an empty root group means no advanced filter.
  value: ConditionGroup;
  onChange: (value: ConditionGroup) => void;
  // Called with the group to apply (Apply filters), or an empty group (Clear filters).
  onApply?: (value: ConditionGroup) => void;
  // Region and business-unit choices the catalogue does not carry (countries and people the
  // builder finds itself, unless given).
  choices?: FilterChoices;
  // Whether to offer Clear filters; false where the group is not a filter (a badge's rule).
  clearable?: boolean;
};

// The problems of the group as the shared validator finds them (spec 1 §5), keyed by path. An
// empty root is no filter at all, not an invalid one.
// While the kind's catalogue is still loading (empty), only the shape is judged, so a filter read
// from the URL is not marked as naming unknown attributes.
export function builderProblems(
  value: ConditionGroup,
  catalogue: Map<string, FilterAttribute>,
): Map<string, FilterProblem> {
  const { problems } = validateConditionGroup(value, catalogue.size > 0 ? catalogue : undefined);
  const noFilter = value.conditions.length === 0 && value.groups.length === 0;
  const shown = new Map<string, FilterProblem>();
  for (const problem of problems) {
    if (noFilter && problem.path === '' && problem.key === 'emptyGroup') continue;
    // The first problem of a place is the one to fix first.
    if (!shown.has(problem.path)) shown.set(problem.path, problem);
  }
  return shown;
}

// Spec 1 §3 advanced filter: nested AND/OR groups of conditions over the kind's attributes.
export function FilterBuilder({
  catalogue,
  value,
  onChange,
  onApply,
  choices,
  clearable = true,
}: FilterBuilderProps) {
  const { t } = useTranslation();
  const byPath = useMemo(() => catalogueIndex(catalogue), [catalogue]);
  const problems = useMemo(() => builderProblems(value, byPath), [value, byPath]);
  const allChoices = useBuilderChoices(choices, value, byPath);
  const valid = problems.size === 0;
  const canAddCondition = groupSize(value).conditions < MAX_CONDITIONS;
  const empty = value.conditions.length === 0 && value.groups.length === 0;
  const hintId = useId();
  // Apply on an invalid filter shows every problem and puts the cursor on the first one.
  const [reveal, setReveal] = useState(0);
  const [refused, setRefused] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (reveal === 0) return;
    rootRef.current?.querySelector<HTMLElement>(PROBLEM_SELECTOR)?.focus();
  }, [reveal]);
  const showHint = refused && !valid;
  return (
    <Stack gap="md" ref={rootRef}>
      {empty ? (
        <Text size="sm" c="dimmed">
          {t('filters.empty')}
        </Text>
      ) : null}
      <RevealContext.Provider value={reveal}>
        <ConditionGroupEditor
          group={value}
          path={[]}
          catalogue={catalogue}
          byPath={byPath}
          choices={allChoices}
          problems={problems}
          canAddCondition={canAddCondition}
          onChange={onChange}
        />
      </RevealContext.Provider>
      {showHint ? (
        <Text size="sm" c="dimmed" id={hintId}>
          {t('filters.fixToApply')}
        </Text>
      ) : null}
      {/* Kept in view at the bottom of a scrolling panel, however many conditions there are. */}
      {clearable || onApply ? (
        <Group
          gap="xs"
          justify="flex-end"
          py="xs"
          pos="sticky"
          bottom={0}
          bg="var(--mantine-color-body)"
          style={{ zIndex: 1 }}
        >
          {clearable ? (
            <Button
              variant="default"
              onClick={() => {
                const cleared = emptyConditionGroup();
                setRefused(false);
                onChange(cleared);
                onApply?.(cleared);
              }}
            >
              {t('filters.clear')}
            </Button>
          ) : null}
          {onApply ? (
            <Button
              aria-describedby={showHint ? hintId : undefined}
              onClick={() => {
                if (!valid) {
                  setRefused(true);
                  setReveal((count) => count + 1);
                  return;
                }
                setRefused(false);
                onApply(value);
              }}
            >
              {t('filters.apply')}
            </Button>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}
