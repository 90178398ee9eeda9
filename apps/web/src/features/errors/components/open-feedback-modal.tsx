import { modals } from '@mantine/modals';
import { i18n } from '../../../lib/i18n/i18n';
import { lastErrorEventId } from '../lib/error-event-id';
import { FeedbackForm } from './feedback-form';

// Spec 2 section 2.7: a dialog titled Feedback, with the error-reporting event id or 'unknown'.
export function openFeedbackModal(): void {
  const id = modals.open({
    title: i18n.t('feedback.title'),
    size: 'lg',
    radius: 'md',
    children: <FeedbackForm eventId={lastErrorEventId() ?? 'unknown'} onDone={() => modals.close(id)} />,
  });
}
