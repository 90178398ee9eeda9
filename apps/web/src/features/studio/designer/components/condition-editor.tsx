import {
  CONDITION_OPERATORS,
  type Condition,
  type ConditionLeaf,
  type FieldDefinition,
} from '@attest/shared';
import {
  ActionIcon,
  Button,
  Code,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatConditionValue, NO_VALUE_OPERATORS, parseConditionValue } from './condition-value';

type Props = {
  label: string;
  value: Condition | undefined;
  // The fields a condition may read: those defined before the element it makes visible.
  fields: readonly Pick<FieldDefinition, 'tag' | 'label' | 'type'>[];
  readOnly: boolean;
  onChange: (condition: Condition | undefined) => void;
};

// The filter builder's condition model, one level: rows of field, operator and value joined by
// all (and) or any (or). A deeper condition written elsewhere is shown as it is.
export function ConditionEditor({ label, value, fields, readOnly, onChange }: Props) {
  const { t } = useTranslation();
  if (value && ('all' in value || 'any' in value)) {
    const items = 'all' in value ? value.all : value.any;
    if (items.some((item) => 'all' in item || 'any' in item)) {
      return (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {label}
          </Text>
          <Text size="xs" c="dimmed">
            {t('studioDesigner.nestedCondition')}
          </Text>
          <Code block>{JSON.stringify(value, null, 2)}</Code>
          {!readOnly && (
            <Button size="xs" variant="subtle" color="red" onClick={() => onChange(undefined)}>
              {t('studioDesigner.clearCondition')}
            </Button>
          )}
        </Stack>
      );
    }
  }
  const join: 'all' | 'any' = value && 'any' in value ? 'any' : 'all';
  const leaves: ConditionLeaf[] = !value
    ? []
    : 'all' in value
      ? (value.all as ConditionLeaf[])
      : 'any' in value
        ? (value.any as ConditionLeaf[])
        : [value];
  const typeOf = (tag: string) => fields.find((f) => f.tag === tag)?.type;
  const emit = (next: ConditionLeaf[], nextJoin = join) => {
    if (next.length === 0) onChange(undefined);
    else if (next.length === 1) onChange(next[0]);
    else onChange(nextJoin === 'all' ? { all: next } : { any: next });
  };
  const setLeaf = (index: number, leaf: ConditionLeaf) =>
    emit(leaves.map((l, i) => (i === index ? leaf : l)));
  const fieldOptions = fields.map((f) => ({
    value: f.tag,
    label: `${f.label} (${f.tag.slice(f.tag.lastIndexOf('__') + 2)})`,
  }));
  return (
    <Stack gap={6} role="group" aria-label={label}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        {leaves.length > 1 && (
          <SegmentedControl
            size="xs"
            value={join}
            disabled={readOnly}
            onChange={(next) => emit(leaves, next as 'all' | 'any')}
            data={[
              { value: 'all', label: t('studioDesigner.conditionAll') },
              { value: 'any', label: t('studioDesigner.conditionAny') },
            ]}
          />
        )}
      </Group>
      {leaves.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('studioDesigner.alwaysVisible')}
        </Text>
      )}
      {leaves.map((leaf, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a row is addressed by its place
        <Group key={index} gap={4} align="flex-end" wrap="nowrap">
          <Select
            aria-label={t('studioDesigner.conditionField')}
            data={fieldOptions}
            value={leaf.field}
            searchable
            readOnly={readOnly}
            onChange={(field) => field && setLeaf(index, { ...leaf, field })}
            style={{ flex: 2 }}
          />
          <Select
            aria-label={t('studioDesigner.conditionOperator')}
            data={CONDITION_OPERATORS.map((op) => ({
              value: op,
              label: t(`studioDesigner.operators.${op}`),
            }))}
            value={leaf.op}
            readOnly={readOnly}
            allowDeselect={false}
            onChange={(op) => {
              if (!op) return;
              const next = op as ConditionLeaf['op'];
              const parsed = parseConditionValue(next, formatConditionValue(leaf.value), typeOf(leaf.field));
              setLeaf(
                index,
                parsed === undefined ? { field: leaf.field, op: next } : { ...leaf, op: next, value: parsed },
              );
            }}
            style={{ flex: 1 }}
          />
          {!NO_VALUE_OPERATORS.includes(leaf.op) && (
            <TextInput
              // A new key when the value changes elsewhere (undo), so the uncontrolled input follows.
              key={formatConditionValue(leaf.value)}
              aria-label={t('studioDesigner.conditionValue')}
              defaultValue={formatConditionValue(leaf.value)}
              readOnly={readOnly}
              onBlur={(e) => {
                const parsed = parseConditionValue(leaf.op, e.currentTarget.value, typeOf(leaf.field));
                setLeaf(
                  index,
                  parsed === undefined ? { field: leaf.field, op: leaf.op } : { ...leaf, value: parsed },
                );
              }}
              style={{ flex: 1 }}
            />
          )}
          {!readOnly && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('studioDesigner.removeCondition')}
              onClick={() => emit(leaves.filter((_, i) => i !== index))}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      ))}
      {!readOnly && fields.length > 0 && (
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => emit([...leaves, { field: fields[0]?.tag ?? '', op: 'is_set' }])}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('studioDesigner.addCondition')}
        </Button>
      )}
    </Stack>
  );
}
