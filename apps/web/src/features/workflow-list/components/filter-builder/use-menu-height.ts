import { useViewportSize } from '@mantine/hooks';

// Spec 2 §9.3: a menu is at most a third of the window high.
export function useMenuHeight(): number {
  const { height } = useViewportSize();
  const windowHeight = height > 0 ? height : typeof window === 'undefined' ? 900 : window.innerHeight;
  return Math.max(160, Math.round(windowHeight / 3));
}
