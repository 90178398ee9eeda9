import { ThemeIcon } from '@mantine/core';
import { IconApps } from '@tabler/icons-react';

// An app's icon is what its designer typed (an emoji or a short text); without one, a neutral glyph.
export function AppIcon({ icon, size = 40 }: { icon: string | null; size?: number }) {
  return (
    <ThemeIcon size={size} radius="md" variant="light" color="indigo" aria-hidden>
      {icon ? (
        <span style={{ fontSize: size * 0.5, lineHeight: 1 }}>{Array.from(icon).slice(0, 2).join('')}</span>
      ) : (
        <IconApps size={size * 0.55} stroke={1.6} />
      )}
    </ThemeIcon>
  );
}
