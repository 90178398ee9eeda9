import { useEffect, useRef, useState } from 'react';

// Spec 2 §9.3: the standard debounce.
export const DEBOUNCE_MS = 650;

// A text input's own value, sent on after the user pauses typing; the outside value wins when it
// changes for another reason (a cleared filter, a saved filter applied, back button).
export function useDebouncedInput(outside: string, commit: (value: string) => void, delay = DEBOUNCE_MS) {
  const [value, setValue] = useState(outside);
  const last = useRef(outside);
  const commitRef = useRef(commit);
  commitRef.current = commit;

  useEffect(() => {
    // Compared trimmed: the state drops the spaces the user is still typing around words.
    if (outside.trim() !== last.current.trim()) {
      last.current = outside;
      setValue(outside);
    }
  }, [outside]);

  useEffect(() => {
    if (value === last.current) return;
    const timer = setTimeout(() => {
      last.current = value;
      commitRef.current(value);
    }, delay);
    return () => clearTimeout(timer);
  }, [value, delay]);

  return [value, setValue] as const;
}
