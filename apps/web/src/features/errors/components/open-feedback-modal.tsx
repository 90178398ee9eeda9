import { modals } from '@mantine/modals';
import { lastErrorEventId } from '../../../lib/error-reporting/error-reporting';
import { i18n } from '../../../lib/i18n/i18n';
import { FeedbackForm } from './feedback-form';

// Spec 2 section 2.7: a dialog titled Feedback, with the error-reporting event id or 'unknown'.
export function openFeedbackModal(): void {
  const id = modals.open({
    title: i18n.t('feedback.title'),
    size: 'lg',
    radius: 'md',
    children: <FeedbackForm eventId={lastErrorEventId()} onDone={() => modals.close(id)} />,
  });
}
