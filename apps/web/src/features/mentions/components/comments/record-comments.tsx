import { Box, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePostRecordComment, useRecordComments } from '../../api/record-comments';
import { Composer } from './composer';
import { MessagesView } from './message-list';

// An archived record's comments stay readable; it takes no new one until restored (the server
// refuses it too).
export type RecordCommentsProps = { tag: string; recordId: number; archived?: boolean };

// The record page's Comments tab: the workflow threads' list and composer on the record's one
// thread. Plain comments: nobody is mentioned or notified, and they are not edited or deleted.
export function RecordComments({ tag, recordId, archived = false }: RecordCommentsProps) {
  const { t } = useTranslation();
  const query = useRecordComments(tag, recordId);
  const post = usePostRecordComment(tag, recordId);

  return (
    <Stack gap="md">
      <Box style={{ display: 'flex', flexDirection: 'column', maxHeight: 520 }}>
        <MessagesView
          query={query}
          workflowId={null}
          viewerId={null}
          emptyDescription={t('records.comments.emptyHint')}
        />
      </Box>
      {archived ? (
        <Text size="sm" c="dimmed">
          {t('records.comments.archived')}
        </Text>
      ) : (
        <Composer
          workflowId={null}
          placeholder={t('records.comments.placeholder')}
          submitLabel={t('mentions.composer.send')}
          onSubmit={(body) => post.mutateAsync(body)}
        />
      )}
    </Stack>
  );
}
