import {
  type FilterAttribute,
  type FilterCondition,
  type FilterOperator,
  type FilterProblem,
  operatorsFor,
} from '@attest/shared';
import { ActionIcon, Group, Paper, Select } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText } from './attribute-labels';
import { FieldPicker } from './field-picker';
import type { FilterChoices } from './filter-choices';
import { conditionFor, problemPlace, valueForOperator } from './group-tree';
import { RevealContext } from './reveal-context';
import { useSettledMessage } from './use-settled-message';
import { ValueEditor } from './value-editor';

type Props = {
  position: number;
  condition: FilterCondition;
  catalogue: readonly FilterAttribute[];
  byPath: ReadonlyMap<string, FilterAttribute>;
  choices: FilterChoices | undefined;
  problem: FilterProblem | undefined;
  autoFocus: boolean;
  onChange: (condition: FilterCondition) => void;
  onRemove: () => void;
};

// One condition: the attribute, an operator its type allows, and the value the operator takes.
export function ConditionRow({
  position,
  condition,
  catalogue,
  byPath,
  choices,
  problem,
  autoFocus,
  onChange,
  onRemove,
}: Props) {
  const { t } = useTranslation();
  const attribute = byPath.get(condition.field);
  // A condition shows its problem once touched: changed, left (focus moving out of one of its
  // controls), or on screen when Apply was pressed. Leaving it or Apply shows the problem of that
  // moment at once; one that follows an edit waits for typing to pause. A condition that arrives
  // already written (a saved filter, the URL) counts as left.
  const text = problem ? problemText(t, problem) : undefined;
  const [touched, setTouched] = useState(condition.field !== '');
  const [instant, setInstant] = useState(condition.field === '' ? undefined : text);
  const reveal = useContext(RevealContext);
  const [seenReveal, setSeenReveal] = useState(reveal);
  if (reveal !== seenReveal) {
    setSeenReveal(reveal);
    setTouched(true);
    setInstant(text);
  }
  const settled = useSettledMessage(text);
  const message = !touched ? undefined : text !== undefined && text === instant ? text : settled;
  const change = (next: FilterCondition) => {
    setTouched(true);
    onChange(next);
  };
  const errorAt = (place: ReturnType<typeof problemPlace>) =>
    problem && problemPlace(problem) === place ? message : undefined;
  // Spec 1 §5 operator limits by type, from the shared model.
  const operators = attribute ? operatorsFor(attribute.type) : [];
  return (
    // A card per condition: the attribute, the operator and the value on one line where there is
    // room (the dashboard's full-width panel), wrapping under each other where there is not; the
    // remove button at the end.
    <Paper
      role="group"
      aria-label={t('filters.condition', { position })}
      withBorder
      radius="sm"
      p="xs"
      // Leaving any of its controls (focus moving out of it, or within it to the next control).
      onBlur={() => {
        setTouched(true);
        setInstant(text);
      }}
    >
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <Group gap="xs" align="flex-start" wrap="wrap" flex={1} miw={0}>
          <FieldPicker
            catalogue={catalogue}
            value={condition.field}
            error={errorAt('field')}
            autoFocus={autoFocus}
            onChange={(next) => change(conditionFor(next))}
          />
          <Select
            label={t('filters.operator')}
            placeholder={t('filters.chooseOperator')}
            data={operators.map((operator) => ({
              value: operator,
              label: t(`filters.operators.${operator}`),
            }))}
            value={condition.operator ?? null}
            disabled={!attribute}
            allowDeselect={false}
            // Wide enough for 'greater than or equal to' on one line; the list as wide as its longest.
            comboboxProps={{ keepMounted: false, width: 'max-content', position: 'bottom-start' }}
            error={errorAt('operator')}
            flex="1 1 13rem"
            onChange={(next) => {
              if (!next) return;
              const operator = next as FilterOperator;
              change({
                ...condition,
                operator,
                value: valueForOperator(condition.value, condition.operator, operator),
              });
            }}
          />
          {attribute ? (
            <ValueEditor
              attribute={attribute}
              condition={condition}
              choices={choices}
              error={errorAt('value')}
              onChange={(value) => change({ ...condition, value })}
            />
          ) : null}
        </Group>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          mt={24}
          aria-label={t('filters.removeCondition')}
          onClick={onRemove}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
