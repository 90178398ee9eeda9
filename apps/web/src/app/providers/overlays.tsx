import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';

const hosts = () => import('./overlay-hosts');
const ToastsHost = lazy(async () => ({ default: (await hosts()).ToastsHost }));
const ModalsHost = lazy(async () => ({ default: (await hosts()).ModalsHost }));

// The events `modals.open`, `modals.openConfirmModal` and `modals.openContextModal` send (@mantine/modals).
const MODAL_OPEN_EVENTS = ['openModal', 'openConfirmModal', 'openContextModal'].map(
  (e) => `mantine-modals:${e}`,
);

// A modal is opened by a window event. Until the provider that shows modals has loaded, the events are
// kept, and handed to it once it listens.
function useModalsWanted(): { wanted: boolean; onReady: () => void } {
  const [wanted, setWanted] = useState(false);
  const pending = useRef<CustomEvent[]>([]);
  const ready = useRef(false);
  useEffect(() => {
    const keep = (event: Event) => {
      if (ready.current || !(event instanceof CustomEvent)) return;
      pending.current.push(new CustomEvent(event.type, { detail: event.detail }));
      setWanted(true);
    };
    for (const type of MODAL_OPEN_EVENTS) window.addEventListener(type, keep);
    return () => {
      for (const type of MODAL_OPEN_EVENTS) window.removeEventListener(type, keep);
    };
  }, []);
  const onReady = useCallback(() => {
    if (ready.current) return;
    ready.current = true;
    for (const event of pending.current.splice(0)) window.dispatchEvent(event);
  }, []);
  return { wanted, onReady };
}

// Issue 14 (first load): toasts and modals are opened through their stores and events, never through
// React context, so the code that shows them loads with the first toast or modal, not with the page.
export function Overlays() {
  const { notifications, queue } = useNotifications();
  const [toastsWanted, setToastsWanted] = useState(false);
  const hasToast = notifications.length + queue.length > 0;
  useEffect(() => {
    if (hasToast) setToastsWanted(true);
  }, [hasToast]);
  const modals = useModalsWanted();
  return (
    <Suspense fallback={null}>
      {(toastsWanted || hasToast) && <ToastsHost />}
      {modals.wanted && <ModalsHost onReady={modals.onReady} />}
    </Suspense>
  );
}
