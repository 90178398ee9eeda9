import { ThemeIcon } from '@mantine/core';
import {
  IconApps,
  IconBriefcase,
  IconBuilding,
  IconFileText,
  IconShieldCheck,
  IconTruck,
  IconUsers,
} from '@tabler/icons-react';

// Icon names the seeded and imported packages use (lower-case words, as kind icons are named).
const NAMED_ICONS = {
  building: IconBuilding,
  briefcase: IconBriefcase,
  file: IconFileText,
  shield: IconShieldCheck,
  truck: IconTruck,
  users: IconUsers,
} as const;
const ICON_NAME = /^[a-z][a-z0-9-]*$/;

// An app's icon is an emoji or a short text its designer typed, or an icon name; without one (or
// with a name not known here), a neutral glyph.
export function AppIcon({ icon, size = 40 }: { icon: string | null; size?: number }) {
  const glyph = size * 0.55;
  let content = <IconApps size={glyph} stroke={1.6} />;
  if (icon && ICON_NAME.test(icon) && icon.length > 2) {
    const Named = NAMED_ICONS[icon as keyof typeof NAMED_ICONS];
    if (Named) content = <Named size={glyph} stroke={1.6} />;
  } else if (icon) {
    content = (
      <span style={{ fontSize: size * 0.5, lineHeight: 1 }}>{Array.from(icon).slice(0, 2).join('')}</span>
    );
  }
  return (
    <ThemeIcon size={size} radius="md" variant="light" color="indigo" aria-hidden>
      {content}
    </ThemeIcon>
  );
}
