import {
  type CompareType,
  type ConditionGroup,
  emptyConditionGroup,
  type FilterAttribute,
  type FilterProblem,
  MAX_GROUP_DEPTH,
} from '@attest/shared';
import { ActionIcon, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText } from './attribute-labels';
import { ConditionRow } from './condition-row';
import type { FilterChoices } from './filter-choices';
import { blankCondition, conditionPathKey, type GroupPath, groupPathKey } from './group-tree';

type Props = {
  group: ConditionGroup;
  path: GroupPath;
  catalogue: readonly FilterAttribute[];
  byPath: ReadonlyMap<string, FilterAttribute>;
  choices: FilterChoices | undefined;
  problems: ReadonlyMap<string, FilterProblem>;
  canAddCondition: boolean;
  onChange: (group: ConditionGroup) => void;
  onRemove?: () => void;
  // A group just added puts the cursor in its first condition's field picker.
  focusFirstRow?: boolean;
};

// A group: how its items combine (all or any), its conditions, then its nested groups. Nested
// groups are indented on the inline start side, so the tree reads the same right to left.
export function ConditionGroupEditor(props: Props) {
  const { group, path, problems, onChange } = props;
  const { t } = useTranslation();
  // Keyboard use: a new condition takes the cursor; a removed one hands it to 'Add condition'.
  const [focusRow, setFocusRow] = useState<number | null>(props.focusFirstRow ? 0 : null);
  const [focusGroup, setFocusGroup] = useState<number | null>(null);
  const addConditionRef = useRef<HTMLButtonElement>(null);
  // Conditions have no identity of their own; each row gets a key when it is added, so that
  // removing one does not hand its touched state to the next. A group replaced from outside (Clear,
  // a saved filter) with another number of conditions gets new keys.
  const nextKey = useRef(0);
  const keys = useRef<number[]>([]);
  if (keys.current.length !== group.conditions.length) {
    keys.current = group.conditions.map(() => nextKey.current++);
  }
  const depth = path.length + 1;
  const groupProblem = problems.get(groupPathKey(path));
  const label =
    path.length === 0
      ? t('filters.rootGroup')
      : t('filters.nestedGroup', { position: path.map((index) => index + 1).join('.') });
  return (
    <Stack
      role="group"
      aria-label={label}
      gap="sm"
      style={
        path.length === 0
          ? undefined
          : {
              borderInlineStart: '3px solid var(--mantine-color-gray-4)',
              paddingInlineStart: 'var(--mantine-spacing-md)',
            }
      }
    >
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <SegmentedControl
          aria-label={t('filters.match')}
          size="xs"
          value={group.compareType}
          data={[
            { value: 'AND', label: t('filters.matchAll') },
            { value: 'OR', label: t('filters.matchAny') },
          ]}
          onChange={(compareType) => onChange({ ...group, compareType: compareType as CompareType })}
        />
        {props.onRemove ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('filters.removeGroup')}
            onClick={props.onRemove}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        ) : null}
      </Group>
      {group.conditions.map((condition, index) => (
        <ConditionRow
          key={keys.current[index]}
          position={index + 1}
          condition={condition}
          catalogue={props.catalogue}
          byPath={props.byPath}
          choices={props.choices}
          problem={problems.get(conditionPathKey(path, index))}
          autoFocus={focusRow === index}
          onChange={(next) =>
            onChange({ ...group, conditions: group.conditions.map((c, i) => (i === index ? next : c)) })
          }
          onRemove={() => {
            setFocusRow(null);
            keys.current = keys.current.filter((_, i) => i !== index);
            onChange({ ...group, conditions: group.conditions.filter((_, i) => i !== index) });
            addConditionRef.current?.focus();
          }}
        />
      ))}
      {group.groups.map((child, index) => (
        <ConditionGroupEditor
          // biome-ignore lint/suspicious/noArrayIndexKey: nested groups are positions in the group
          key={index}
          {...props}
          group={child}
          path={[...path, index]}
          focusFirstRow={focusGroup === index}
          onChange={(next) =>
            onChange({ ...group, groups: group.groups.map((g, i) => (i === index ? next : g)) })
          }
          onRemove={() => {
            setFocusGroup(null);
            onChange({ ...group, groups: group.groups.filter((_, i) => i !== index) });
            addConditionRef.current?.focus();
          }}
        />
      ))}
      {groupProblem ? (
        <Text size="sm" c="red" role="status" data-filter-problem tabIndex={-1}>
          {problemText(t, groupProblem)}
        </Text>
      ) : null}
      <Group gap="xs">
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          ref={addConditionRef}
          disabled={!props.canAddCondition}
          onClick={() => {
            setFocusRow(group.conditions.length);
            keys.current = [...keys.current, nextKey.current++];
            onChange({ ...group, conditions: [...group.conditions, blankCondition()] });
          }}
        >
          {t('filters.addCondition')}
        </Button>
        {/* The model bounds the nesting (MAX_GROUP_DEPTH); a new group starts with one condition. */}
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={depth >= MAX_GROUP_DEPTH || !props.canAddCondition}
          onClick={() => {
            setFocusGroup(group.groups.length);
            onChange({
              ...group,
              groups: [...group.groups, { ...emptyConditionGroup(), conditions: [blankCondition()] }],
            });
          }}
        >
          {t('filters.addGroup')}
        </Button>
      </Group>
    </Stack>
  );
}
