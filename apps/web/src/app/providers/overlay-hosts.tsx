import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { TOAST_MS, Z_INDEX } from '../../components/layout-constants';

// Where toasts appear; loaded with the first toast (overlays.tsx).
export function ToastsHost() {
  return (
    <Notifications position="bottom-left" autoClose={TOAST_MS} zIndex={Z_INDEX.tooltip + 10} limit={4} />
  );
}

// Where modals appear; loaded with the first modal. `onReady` runs once the provider listens.
export function ModalsHost({ onReady }: { onReady: () => void }) {
  // Effects run child first: ModalsProvider's listeners are attached by now.
  useEffect(() => onReady(), [onReady]);
  return <ModalsProvider />;
}
