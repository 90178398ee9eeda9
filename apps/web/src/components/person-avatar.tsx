import { Avatar, type AvatarProps, Tooltip } from '@mantine/core';
import { lettersOf } from '../lib/format/initials';

// Colours whose darkest shade reads on their own light tint (WCAG AA), so any person's letters pass.
// Ids one apart land on neighbours here (the wrap included), so neighbours are of far hues: the demo's
// Alex Admin and Ana Analyst, ids 1 and 2, were light cyan and light blue, hard to tell apart.
const PERSON_COLORS = [
  'blue',
  'orange',
  'teal',
  'pink',
  'indigo',
  'green',
  'violet',
  'red',
  'cyan',
  'grape',
] as const;

// The same person always gets the same colour, wherever they are shown: a hash of their id.
export function personColor(key: string | number): (typeof PERSON_COLORS)[number] {
  let hash = 0;
  for (const char of String(key)) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return PERSON_COLORS[hash % PERSON_COLORS.length] ?? 'blue';
}

export type PersonAvatarProps = {
  // What the colour is derived from: the user's (or group's) id, else their e-mail.
  colorKey: string | number;
  // The full name, for the tooltip and, when the avatar stands alone, for screen readers.
  name: string;
  // Letters to show; by default the first and last initial of the name.
  letters?: string;
  size?: AvatarProps['size'];
  // A group rather than one person (spec 2 §3.10 secondary flag): outlined.
  secondary?: boolean;
  // Where the name is written beside the avatar, the avatar only decorates: no tooltip, hidden from
  // screen readers.
  decorative?: boolean;
  // The full name on hover even where screen readers take the name from elsewhere (a button that
  // hides its written name on narrow screens). Defaults to the opposite of decorative.
  withTooltip?: boolean;
};

// Issue 14: two people with the same initials ('AA') are told apart by colour and by the full name
// on hover and focus. Used wherever people are shown.
export function PersonAvatar({
  colorKey,
  name,
  letters,
  size = 32,
  secondary = false,
  decorative = false,
  withTooltip = !decorative,
}: PersonAvatarProps) {
  const color = personColor(colorKey);
  const avatar = (
    <Avatar
      size={size}
      radius="xl"
      color={color}
      variant={secondary ? 'outline' : 'light'}
      c={`${color}.9`}
      bg={secondary ? 'var(--mantine-color-body)' : undefined}
      data-person-color={color}
      aria-hidden={decorative || undefined}
      aria-label={decorative ? undefined : name}
      role={decorative ? undefined : 'img'}
    >
      {letters ?? lettersOf(name)}
    </Avatar>
  );
  if (!withTooltip) return avatar;
  return (
    <Tooltip label={name} withArrow openDelay={150} events={{ hover: true, focus: true, touch: true }}>
      {avatar}
    </Tooltip>
  );
}
