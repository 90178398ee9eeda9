import { useViewportSize } from '@mantine/hooks';
import { menuMaxHeight } from '../../../../components/layout-constants';

// Spec 2 §9.3: a menu is at most a third of the window high (following the window's resizes).
export function useMenuHeight(): number {
  const { height } = useViewportSize();
  return menuMaxHeight(height);
}
