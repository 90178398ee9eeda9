import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SubscriptionsList } from './subscriptions-list';

export type MySubscriptionsModalProps = { opened: boolean; onClose: () => void };

// The mySubscriptionsModal (spec 1 §2): the same list as /mysubscriptions/, over the current page.
export function MySubscriptionsModal({ opened, onClose }: MySubscriptionsModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('subscriptions.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('subscriptions.close') }}
    >
      {opened && <SubscriptionsList onNavigate={onClose} />}
    </Modal>
  );
}
