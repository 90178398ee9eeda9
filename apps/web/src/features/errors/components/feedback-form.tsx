import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendFeedback } from '../../../lib/error-reporting/error-reporting';
import { toast } from '../../../lib/notifications/toast';

export type FeedbackFormProps = {
  // The error-reporting event this feedback is about; null shows 'unknown' (spec 2 §2.7).
  eventId: string | null;
  onDone: () => void;
};

export function FeedbackForm({ eventId, onDone }: FeedbackFormProps) {
  const { t } = useTranslation();
  const [comments, setComments] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // To the error-reporting service with the event's id (issue 19); nowhere when it is off.
    void sendFeedback(comments.trim(), eventId);
    toast.success('feedback.thanks', { id: 'feedback-sent' });
    onDone();
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {t('feedback.intro')}
        </Text>
        <Textarea
          label={t('feedback.label')}
          placeholder={t('feedback.placeholder')}
          autosize
          minRows={4}
          maxRows={10}
          maxLength={5000}
          required
          value={comments}
          onChange={(event) => setComments(event.currentTarget.value)}
          data-autofocus
        />
        <Text fz="xs" c="dimmed">
          {t('feedback.eventId', { id: eventId ?? 'unknown' })}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={!comments.trim()}>
            {t('feedback.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
