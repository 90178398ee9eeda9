import { useRef, useState } from 'react';

// The control's own text for an answer, taken again from the answer whenever the answer changes from
// outside (saved and normalised, undone, another user's change).
export function useDraft<T>(value: unknown, format: (value: unknown) => T) {
  const [draft, setDraft] = useState(() => format(value));
  const [seen, setSeen] = useState(() => JSON.stringify(value ?? null));
  const key = JSON.stringify(value ?? null);
  if (key !== seen) {
    setSeen(key);
    setDraft(format(value));
  }
  // Whether the user changed something since the last commit: a blur without an edit saves nothing.
  const dirty = useRef(false);
  const edit = (next: T) => {
    dirty.current = true;
    setDraft(next);
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
