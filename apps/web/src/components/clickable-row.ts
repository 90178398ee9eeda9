import type { KeyboardEvent } from 'react';

// Issue 14 (keyboard): a table row that opens something on click is reachable with Tab and opens
// with Enter or Space too, and shows the focus ring. The row keeps its table role.
export function clickableRow(onActivate: () => void) {
  return {
    onClick: onActivate,
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.target !== event.currentTarget) return;
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        onActivate();
      }
    },
    tabIndex: 0,
    className: 'mantine-focus-auto',
    style: { cursor: 'pointer' },
  } as const;
}
