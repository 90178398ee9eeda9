import { Drawer, EmptyState } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

// Spec 1 section 2: 570 px from the right, full width on screens up to 450 px.
const DRAWER_WIDTH_PX = 570;
const MOBILE_QUERY = '(max-width: 450px)';

export type MentionsDrawerProps = { opened: boolean; onClose: () => void };

// The list itself (paging, mark as read) arrives with the mentions issue; the empty state is final.
export function MentionsDrawer({ opened, onClose }: MentionsDrawerProps) {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={mobile ? '100%' : DRAWER_WIDTH_PX}
      title={t('mentions.title')}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <EmptyState
        mt="xl"
        py="xl"
        withIndicatorBackground
        icon={<IconAt size={28} stroke={1.5} />}
        title={t('mentions.empty')}
        description={t('mentions.emptyDescription')}
      />
    </Drawer>
  );
}
