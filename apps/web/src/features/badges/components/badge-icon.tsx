import type { BadgeIcon as BadgeIconName } from '@attest/shared';
import {
  IconAlertTriangle,
  IconBolt,
  IconClock,
  IconCrown,
  IconCurrencyDollar,
  IconEye,
  IconFileCertificate,
  IconFlag,
  IconHeart,
  IconLeaf,
  IconLock,
  type IconProps,
  IconRosette,
  IconShieldCheck,
  IconStar,
  IconUserCheck,
  IconWorld,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

// The shared list's names (BADGE_ICONS) drawn as their tabler icons.
const ICONS: Record<BadgeIconName, ComponentType<IconProps>> = {
  star: IconStar,
  flag: IconFlag,
  'shield-check': IconShieldCheck,
  'alert-triangle': IconAlertTriangle,
  clock: IconClock,
  bolt: IconBolt,
  rosette: IconRosette,
  crown: IconCrown,
  heart: IconHeart,
  lock: IconLock,
  eye: IconEye,
  leaf: IconLeaf,
  world: IconWorld,
  'currency-dollar': IconCurrencyDollar,
  'file-certificate': IconFileCertificate,
  'user-check': IconUserCheck,
};

export function BadgeIcon({ name, size = 14 }: { name: BadgeIconName; size?: number }) {
  const Icon = ICONS[name] ?? IconStar;
  return <Icon size={size} stroke={1.8} aria-hidden />;
}
