import { Box, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePostRecordComment, useRecordComments } from '../../api/record-comments';
import { Composer } from './composer';
import { MessagesView } from './message-list';

export type RecordCommentsProps = { tag: string; recordId: number };

// The record page's Comments tab: the workflow threads' list and composer on the record's one
// thread. Plain comments: nobody is mentioned or notified, and they are not edited or deleted.
export function RecordComments({ tag, recordId }: RecordCommentsProps) {
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
      <Composer
        workflowId={null}
        placeholder={t('records.comments.placeholder')}
        submitLabel={t('mentions.composer.send')}
        onSubmit={(body) => post.mutateAsync(body)}
      />
    </Stack>
  );
}
