import type { AnswerError, FieldDefinition } from '@attest/shared';
import type { ReactNode } from 'react';
import { VISUALLY_HIDDEN } from './visually-hidden';

// What every Mantine input of a field receives: the label, help and translated errors, wired by
// Mantine to the control (label htmlFor, aria-describedby, aria-invalid).
export type FieldChrome = {
  id: string;
  label: string;
  description: string | undefined;
  error: ReactNode | undefined;
  required: boolean;
  readOnly: boolean;
  // Table cells: the column name is for screen readers only.
  hideLabel?: boolean;
};

export type ControlProps = {
  field: FieldDefinition;
  value: unknown;
  onChange: (value: unknown) => void;
  onCommit: (value: unknown) => void;
  readOnly: boolean;
  workflowId: number;
  // The field's own errors, for controls that place some inside (a table's cells).
  errors: readonly AnswerError[];
  chrome: FieldChrome;
};

// The ids Mantine's Input.Wrapper gives its parts, for controls we wire ourselves.
export function describedBy(chrome: FieldChrome): string | undefined {
  const ids = [
    chrome.error ? `${chrome.id}-error` : '',
    chrome.description ? `${chrome.id}-description` : '',
  ];
  return ids.filter(Boolean).join(' ') || undefined;
}

// Mantine input props of the chrome (readOnly also stops the input from taking edits).
export function inputChrome({ id, label, description, error, required, readOnly, hideLabel }: FieldChrome) {
  return {
    id,
    label,
    description,
    error,
    required,
    withAsterisk: required,
    readOnly,
    labelProps: hideLabel ? { style: VISUALLY_HIDDEN } : undefined,
  };
}

// Mantine keeps a closed option list in the page, hidden but named by the field's label: the label
// would then name two elements (the input and the list). The list is mounted only while open.
export const LIST_WHEN_OPEN = { keepMounted: false } as const;
