import { Button } from '@mantine/core';
import { IconHome, IconMessageReport, IconMoodSad } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from '../../../components/status-page';
import { openFeedbackModal } from './open-feedback-modal';

// Spec 2 section 2.7: the page-level error screen, also the router's error element.
export function ErrorPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      color="red"
      icon={<IconMoodSad size={36} stroke={1.5} />}
      title={t('errorPage.title')}
      description={t('errorPage.message')}
      actions={
        <>
          {/* A full navigation: whatever broke is left behind with the old page. */}
          <Button leftSection={<IconHome size={16} />} onClick={() => window.location.assign('/')}>
            {t('errorPage.goHome')}
          </Button>
          <Button variant="default" leftSection={<IconMessageReport size={16} />} onClick={openFeedbackModal}>
            {t('errorPage.submitFeedback')}
          </Button>
        </>
      }
    />
  );
}
