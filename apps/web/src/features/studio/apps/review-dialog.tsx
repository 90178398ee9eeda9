import { STUDIO_DESCRIPTION_MAX_LENGTH, type StudioReviewDecision, type StudioVersion } from '@attest/shared';
import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../components/user-text';
import { toast } from '../../../lib/notifications/toast';
import { useReviewStudioVersion } from '../api/versions';
import { versionLabel } from './studio-badges';
import { fieldError, formError } from './studio-error-text';

export type ReviewDialogProps = { appId: number; version: StudioVersion; onClose: () => void };

// Review a version at rft: approve it (Production then accepts it), or ask for changes, which needs
// a comment saying what should change.
export function ReviewDialog({ appId, version, onClose }: ReviewDialogProps) {
  const { t } = useTranslation();
  const review = useReviewStudioVersion(appId);
  const [comment, setComment] = useState('');
  const [missingComment, setMissingComment] = useState(false);

  const send = (decision: StudioReviewDecision) => {
    if (decision === 'changes_requested' && !comment.trim()) {
      setMissingComment(true);
      return;
    }
    review.mutate(
      { versionId: version.id, decision, comment: comment.trim() },
      {
        onSuccess: () => {
          toast.success(`studio.reviews.sent.${decision}`, {
            values: { version: isolate(versionLabel(version)) },
          });
          onClose();
        },
      },
    );
  };
  const general = formError(review.error, ['comment'], t);

  return (
    <Modal
      opened
      onClose={onClose}
      radius="md"
      title={t('studio.reviews.title', { version: versionLabel(version) })}
    >
      <Stack gap="md">
        <Textarea
          label={t('studio.reviews.comment')}
          description={t('studio.reviews.commentHint')}
          autosize
          minRows={3}
          maxLength={STUDIO_DESCRIPTION_MAX_LENGTH}
          value={comment}
          onChange={(e) => {
            setComment(e.currentTarget.value);
            setMissingComment(false);
          }}
          error={missingComment ? t('studio.reviews.commentNeeded') : fieldError(review.error, 'comment')}
          data-autofocus
        />
        {general && (
          <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line' }}>
            {general}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="light"
            color="orange"
            onClick={() => send('changes_requested')}
            loading={review.isPending && review.variables?.decision === 'changes_requested'}
          >
            {t('studio.reviews.requestChanges')}
          </Button>
          <Button
            color="teal"
            onClick={() => send('approved')}
            loading={review.isPending && review.variables?.decision === 'approved'}
          >
            {t('studio.reviews.approve')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
