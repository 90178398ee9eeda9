import { useEffect, useState } from 'react';

// Spec 2 §9.3 standard debounce. The value a person types reaches the filter at once (Apply is
// enabled the moment it is valid), but a new validation message waits until typing pauses, so
// '1', '1.', '1.5' does not flash a message at every key. A message that goes away goes at once,
// and one that changes is not shown in its old words (possibly under another control) meanwhile.
export const FILTER_DEBOUNCE_MS = 650;

export function useSettledMessage(message: string | undefined): string | undefined {
  const [shown, setShown] = useState(message);
  useEffect(() => {
    if (message === undefined) {
      setShown(undefined);
      return;
    }
    const timer = window.setTimeout(() => setShown(message), FILTER_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [message]);
  return shown === message ? shown : undefined;
}
