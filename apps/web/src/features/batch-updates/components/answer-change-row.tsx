import type { FilterAttribute } from '@attest/shared';
import { ActionIcon, Checkbox, Group, NumberInput, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppMultiSelect, AppSelect } from '../../../components/app-select';
import type { AnswerChange } from '../lib/change-request';

// The answer types a batch update offers: a value typed or picked in one control. Files, tables,
// people and the like are changed on each workflow.
export const EDITABLE_TYPES = new Set([
  'text',
  'char',
  'url',
  'email',
  'phone',
  'integer',
  'decimal',
  'naive_date',
  'boolean',
  'choice',
  'multi_choice',
]);

export const fieldTagOf = (attribute: FilterAttribute) =>
  attribute.source.kind === 'field' ? attribute.source.field_tag : null;

type AnswerChangeRowProps = {
  index: number;
  row: AnswerChange;
  fields: readonly FilterAttribute[];
  taken: ReadonlySet<string>;
  onChange: (row: AnswerChange) => void;
  onRemove: () => void;
};

// One answer to set on every selected workflow: the field, then its new value (or "clear").
export function AnswerChangeRow({ index, row, fields, taken, onChange, onRemove }: AnswerChangeRowProps) {
  const { t } = useTranslation();
  const field = fields.find((f) => fieldTagOf(f) === row.field);
  const valueLabel = t('batchUpdates.change.answerValue', { index: index + 1 });
  const common = { label: valueLabel, disabled: row.clear || !field, w: 260 };
  let control: ReactNode;
  if (field?.type === 'choice' || field?.type === 'boolean') {
    const data =
      field.type === 'boolean'
        ? [
            { value: 'true', label: t('batchUpdates.values.yes') },
            { value: 'false', label: t('batchUpdates.values.no') },
          ]
        : (field.options ?? []);
    control = (
      <AppSelect
        {...common}
        data={data}
        value={row.value === undefined || row.value === null ? null : String(row.value)}
        onChange={(value) =>
          onChange({
            ...row,
            value:
              field.type === 'boolean'
                ? value === null
                  ? undefined
                  : value === 'true'
                : (value ?? undefined),
          })
        }
      />
    );
  } else if (field?.type === 'multi_choice') {
    control = (
      <AppMultiSelect
        {...common}
        data={field.options ?? []}
        value={Array.isArray(row.value) ? (row.value as string[]) : []}
        onChange={(value) => onChange({ ...row, value })}
      />
    );
  } else if (field?.type === 'integer' || field?.type === 'decimal') {
    control = (
      <NumberInput
        {...common}
        allowDecimal={field.type === 'decimal'}
        value={typeof row.value === 'number' ? row.value : ''}
        onChange={(value) => onChange({ ...row, value: typeof value === 'number' ? value : undefined })}
      />
    );
  } else {
    control = (
      <TextInput
        {...common}
        placeholder={field?.type === 'naive_date' ? 'YYYY-MM-DD' : undefined}
        value={typeof row.value === 'string' ? row.value : ''}
        onChange={(event) => onChange({ ...row, value: event.currentTarget.value })}
      />
    );
  }
  return (
    <Group
      gap="sm"
      align="flex-end"
      wrap="wrap"
      role="group"
      aria-label={t('batchUpdates.change.answerRow', { index: index + 1 })}
    >
      <AppSelect
        label={t('batchUpdates.change.answerField', { index: index + 1 })}
        placeholder={t('batchUpdates.change.chooseField')}
        searchable
        w={260}
        data={fields.flatMap((f) => {
          const tag = fieldTagOf(f);
          return tag && (tag === row.field || !taken.has(tag))
            ? [{ value: tag, label: f.group_label ? `${f.label} (${f.group_label})` : f.label }]
            : [];
        })}
        value={row.field || null}
        onChange={(value) => onChange({ ...row, field: value ?? '', value: undefined })}
      />
      {control}
      <Checkbox
        label={t('batchUpdates.change.clearAnswer')}
        checked={row.clear}
        disabled={!field}
        onChange={(event) => onChange({ ...row, clear: event.currentTarget.checked })}
        mb={8}
      />
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        mb={2}
        aria-label={t('batchUpdates.change.removeAnswer', { index: index + 1 })}
        onClick={onRemove}
      >
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
