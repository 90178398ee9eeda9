import { type AnswerError, type FieldDefinition, validateAnswer } from '@attest/shared';
import { Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldCommentsButton } from '../../../mentions';
import { answerErrorText } from '../../lib/answer-error-text';
import { FieldControl } from './field-control';

export type FieldInputProps = {
  field: FieldDefinition;
  // The current answer, normalised as stored; undefined when there is none.
  value: unknown;
  // Every local edit (each keystroke): the page keeps it as a draft.
  onChange: (value: unknown) => void;
  // The user finished (blur, select, pick, upload done): the page saves it.
  onCommit: (value: unknown) => void;
  // Server or client errors shown under the field.
  errors?: readonly AnswerError[];
  // Completed, locked or disabled step, or no right to edit.
  readOnly?: boolean;
  workflowId: number;
};

// The engine's own check, so the user sees before saving the message the server would give.
export function validateLocally(field: FieldDefinition, value: unknown): readonly AnswerError[] {
  const result = validateAnswer(field, value);
  return result.ok ? [] : result.errors;
}

const NO_ERRORS: readonly AnswerError[] = [];

// A field of a step: label (with the required mark), help, the control of its type and its errors,
// translated by code. A table shows its cells' errors in the cells, the rest under the table.
export function FieldInput({ field, errors = NO_ERRORS, readOnly = false, ...rest }: FieldInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const shown = field.type === 'table' ? errors.filter((e) => e.code !== 'invalid_cell') : errors;
  const messages = [...new Set(shown.map((error) => answerErrorText(t, error)))];
  const cellErrors = shown.length < errors.length;
  const error =
    messages.length === 0 ? (
      cellErrors ? (
        t('fields.table.cellErrors')
      ) : undefined
    ) : messages.length === 1 ? (
      messages[0]
    ) : (
      <Stack gap={2} component="span">
        {messages.map((message) => (
          <Text key={message} span inherit>
            {message}
          </Text>
        ))}
      </Stack>
    );
  return (
    <div data-field-tag={field.tag} data-field-type={field.type} style={{ position: 'relative' }}>
      <FieldControl
        {...rest}
        field={field}
        readOnly={readOnly}
        errors={errors}
        chrome={{
          id,
          label: field.label,
          description: field.help,
          error,
          required: Boolean(field.required),
          readOnly,
        }}
      />
      {/* On the process page, the field's comments (issue 6) beside its label. */}
      <FieldCommentsButton fieldTag={field.tag} />
    </div>
  );
}
