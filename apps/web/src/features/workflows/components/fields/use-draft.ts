import { useRef, useState } from 'react';

const keyOf = (value: unknown) => JSON.stringify(value ?? null);

// The control's own text for an answer. It is taken again from the answer when the answer changes
// from outside (saved and normalised, undone, another user's change), but not when the page merely
// echoes what this control just sent: '{"a":1}' being typed must not turn into pretty JSON mid-word.
export function useDraft<T>(
  value: unknown,
  format: (value: unknown) => T,
  onChange: (answer: unknown) => void,
) {
  const [draft, setDraft] = useState(() => format(value));
  const [seen, setSeen] = useState(() => keyOf(value));
  const sent = useRef<string | undefined>(undefined);
  const key = keyOf(value);
  if (key !== seen) {
    setSeen(key);
    if (key !== sent.current) {
      sent.current = undefined;
      setDraft(format(value));
    }
  }
  // Whether the user changed something since the last commit: a blur without an edit saves nothing.
  const dirty = useRef(false);
  // An edit by the user: shown as typed, handed to the page as the answer it makes.
  const edit = (next: T, answer: unknown) => {
    dirty.current = true;
    sent.current = keyOf(answer);
    setDraft(next);
    onChange(answer);
  };
  const takeDirty = () => {
    const was = dirty.current;
    dirty.current = false;
    return was;
  };
  return { draft, edit, set: setDraft, takeDirty };
}

export const asText = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

// Blank text is no answer: it is saved as null, which clears the stored answer.
export const textAnswer = (text: string): string | null => (text.trim() === '' ? null : text);
