import { type AnswerError, type FieldDefinition, validateAnswer } from '@attest/shared';
import { TextInput } from '@mantine/core';
import { useId } from 'react';

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

// First cut of the contract: every type as a text line until the typed controls land.
export function FieldInput({ field, value, onChange, onCommit, errors, readOnly }: FieldInputProps) {
  const id = useId();
  return (
    <TextInput
      id={id}
      label={field.label}
      description={field.help}
      required={field.required}
      readOnly={readOnly}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={(event) => onCommit(event.currentTarget.value)}
      error={errors && errors.length > 0 ? errors.map((e) => e.message).join(' ') : undefined}
    />
  );
}
