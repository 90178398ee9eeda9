import { Avatar, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type AvatarItem, splitAvatars } from '../utils/assignee-avatars';

export type AvatarStackProps = { items: readonly AvatarItem[]; size?: number };

// Spec 2 §9.2: two avatars plus a +N counter; a group is a secondary (outlined) avatar.
export function AvatarStack({ items, size = 24 }: AvatarStackProps) {
  const { t } = useTranslation();
  const { shown, more } = splitAvatars(items);
  if (items.length === 0) return null;
  const hidden = items.slice(shown.length).map((i) => i.name);
  return (
    <Avatar.Group spacing={6}>
      {shown.map((item) => (
        <Tooltip key={item.key} label={item.name} withArrow>
          <Avatar
            size={size}
            radius="xl"
            color={item.secondary ? 'grape' : 'blue'}
            variant={item.secondary ? 'outline' : 'light'}
            aria-label={item.name}
            bg="var(--mantine-color-body)"
          >
            {item.letters}
          </Avatar>
        </Tooltip>
      ))}
      {more > 0 && (
        <Tooltip label={hidden.join(', ')} withArrow multiline maw={260}>
          <Avatar size={size} radius="xl" aria-label={t('process.row.moreAssignees', { count: more })}>
            +{more}
          </Avatar>
        </Tooltip>
      )}
    </Avatar.Group>
  );
}
