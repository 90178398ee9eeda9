import type { FieldType, FieldValidation } from '@attest/shared';
import { NumberInput, SimpleGrid, TagsInput, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type DesignerIssue, issuesFor } from '../model/validation';
import { VALIDATION_INPUTS, VALIDATION_KEYS_BY_TYPE, type ValidationKey } from './validation-settings';

type Props = {
  type: FieldType;
  validation: FieldValidation | undefined;
  issues: readonly DesignerIssue[] | undefined;
  readOnly: boolean;
  onChange: (validation: FieldValidation | undefined, mergeKey?: string) => void;
};

// The limits a field's type reads, each in the input its value wants.
export function ValidationInputs({ type, validation, issues, readOnly, onChange }: Props) {
  const { t } = useTranslation();
  const keys = VALIDATION_KEYS_BY_TYPE[type] ?? [];
  if (keys.length === 0) return null;
  const current: Record<string, unknown> = { ...validation };
  const set = (key: ValidationKey, value: unknown) => {
    const next = { ...current };
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) delete next[key];
    else next[key] = value;
    onChange(Object.keys(next).length > 0 ? (next as FieldValidation) : undefined, `validation-${key}`);
  };
  const error = (key: string) => issuesFor(issues, `validation.${key}`)[0]?.message;
  return (
    <SimpleGrid cols={2} spacing="xs" role="group" aria-label={t('studioDesigner.limits')}>
      {keys.map((key) => {
        const label = t(`studioDesigner.validation.${key}`);
        const input = VALIDATION_INPUTS[key];
        if (input === 'number') {
          return (
            <NumberInput
              key={key}
              label={label}
              value={(current[key] as number | undefined) ?? ''}
              readOnly={readOnly}
              onChange={(value) => set(key, typeof value === 'number' ? value : undefined)}
              error={error(key)}
            />
          );
        }
        if (input === 'date') {
          return (
            <TextInput
              key={key}
              label={label}
              placeholder="YYYY-MM-DD"
              value={(current[key] as string | undefined) ?? ''}
              readOnly={readOnly}
              onChange={(e) => set(key, e.currentTarget.value)}
              error={error(key)}
            />
          );
        }
        return (
          <TagsInput
            key={key}
            label={label}
            value={(current[key] as string[] | undefined) ?? []}
            readOnly={readOnly}
            onChange={(value) => set(key, value)}
            error={error(key)}
          />
        );
      })}
    </SimpleGrid>
  );
}
