import { ActionIcon, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MentionsDrawer } from './mentions-drawer';

export function MentionsButton() {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Tooltip label={t('mentions.title')} openDelay={100} offset={8}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          radius="md"
          aria-label={t('mentions.title')}
          onClick={open}
        >
          <IconAt size={20} stroke={1.6} />
        </ActionIcon>
      </Tooltip>
      <MentionsDrawer opened={opened} onClose={close} />
    </>
  );
}
