import { Avatar, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PersonAvatar } from '../../../components/person-avatar';
import { type AvatarItem, splitAvatars } from '../utils/assignee-avatars';

export type AvatarStackProps = { items: readonly AvatarItem[]; size?: number };

// Spec 2 §9.2: two avatars plus a +N counter; a group is a secondary (outlined) avatar. Each
// person keeps their colour and names themselves on hover (issue 14).
export function AvatarStack({ items, size = 24 }: AvatarStackProps) {
  const { t } = useTranslation();
  const { shown, more } = splitAvatars(items);
  if (items.length === 0) return null;
  const hidden = items.slice(shown.length).map((i) => i.name);
  return (
    <Avatar.Group spacing={6}>
      {shown.map((item) => (
        <PersonAvatar
          key={item.key}
          colorKey={item.colorKey}
          name={item.name}
          letters={item.letters}
          size={size}
          secondary={item.secondary}
        />
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
