import type { NotificationLevel } from '@attest/shared';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconInfoCircle } from '@tabler/icons-react';

// One icon and colour per level, the same as the toasts' (lib/notifications/toast.ts).
export const LEVEL_COLOR: Record<NotificationLevel, string> = {
  info: 'blue',
  success: 'teal',
  warning: 'orange',
  error: 'red',
};

export function LevelIcon({ level, size = 18 }: { level: NotificationLevel; size?: number }) {
  const props = { size, stroke: 1.7, 'aria-hidden': true };
  switch (level) {
    case 'success':
      return <IconCircleCheck {...props} />;
    case 'warning':
      return <IconAlertTriangle {...props} />;
    case 'error':
      return <IconCircleX {...props} />;
    default:
      return <IconInfoCircle {...props} />;
  }
}
