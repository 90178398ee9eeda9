import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';

// Spec 2 §9.3 standard debounce: a typed value reaches the filter (and its validation message)
// 650 ms after the last key, or at once on leaving the box or pressing Enter.
export const FILTER_DEBOUNCE_MS = 650;

type Props = Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string;
  onCommit: (text: string) => void;
};

export function DebouncedTextInput({ value, onCommit, onBlur, onKeyDown, ...props }: Props) {
  const [draft, setDraft] = useState(value);
  const committed = useRef(value);
  const commit = useDebouncedCallback((text: string) => {
    committed.current = text;
    onCommit(text);
  }, FILTER_DEBOUNCE_MS);
  // A value changed from outside (Clear, another operator) replaces the draft.
  useEffect(() => {
    if (value !== committed.current && !commit.isPending()) {
      committed.current = value;
      setDraft(value);
    }
  }, [value, commit]);
  return (
    <TextInput
      {...props}
      value={draft}
      onChange={(event) => {
        setDraft(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      onBlur={(event) => {
        commit.flush();
        onBlur?.(event);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit.flush();
        onKeyDown?.(event);
      }}
    />
  );
}
