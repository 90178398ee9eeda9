import { TOAST_DURATION_MS } from '@attest/shared';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';

// Where toasts appear; loaded with the first toast (overlays.tsx).
export function ToastsHost() {
  return <Notifications position="bottom-left" autoClose={TOAST_DURATION_MS} zIndex={1090} limit={4} />;
}

// Where modals appear; loaded with the first modal. `onReady` runs once the provider listens.
export function ModalsHost({ onReady }: { onReady: () => void }) {
  // Effects run child first: ModalsProvider's listeners are attached by now.
  useEffect(() => onReady(), [onReady]);
  return <ModalsProvider />;
}
