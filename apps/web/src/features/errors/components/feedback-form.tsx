import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/notifications/toast';

export type FeedbackFormProps = {
  eventId: string;
  onDone: () => void;
};

export function FeedbackForm({ eventId, onDone }: FeedbackFormProps) {
  const { t } = useTranslation();
  const [comments, setComments] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The error-reporting service receives this once it is connected; until then the console keeps it.
    console.info('User feedback', { eventId, comments: comments.trim() });
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
          {t('feedback.eventId', { id: eventId })}
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
