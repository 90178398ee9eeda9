import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUnreadMentionsCount } from '../api/user-mentions';
import { badgeCount } from '../lib/badge-count';
import { MentionsDrawer } from './mentions-drawer';

// The header's mention icon with the unread badge (count, 9+ above 9, hidden at 0).
export function MentionsButton() {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const unread = useUnreadMentionsCount();
  const count = unread.data ?? 0;
  const badge = badgeCount(count);
  const label = badge ? `${t('mentions.title')}, ${t('mentions.unread', { count })}` : t('mentions.title');
  return (
    <>
      <Tooltip label={t('mentions.title')}>
        <Indicator
          label={badge}
          disabled={badge === null}
          size={18}
          offset={6}
          color="red"
          withBorder
          styles={{ indicator: { fontSize: 10, fontWeight: 700, paddingInline: 4 } }}
          data-testid="mentions-badge"
        >
          <ActionIcon variant="subtle" color="gray" size="lg" radius="md" aria-label={label} onClick={open}>
            <IconAt size={20} stroke={1.6} />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      <MentionsDrawer opened={opened} onClose={close} />
    </>
  );
}
