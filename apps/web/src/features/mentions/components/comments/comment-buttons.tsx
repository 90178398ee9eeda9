import { ActionIcon, Badge, Button, Text, Tooltip } from '@mantine/core';
import { IconMessage, IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type CommentTarget, findThread } from '../../lib/thread-target';
import { useComments } from './comments-context';

function useTarget(target: CommentTarget) {
  const comments = useComments();
  if (!comments) return null;
  const count = findThread(comments.threads, target)?.message_count ?? 0;
  return { count, open: () => comments.open(target) };
}

// The process header's 'Comments' button: the workflow's own thread.
export function WorkflowCommentsButton() {
  const { t } = useTranslation();
  const target = useTarget({ kind: 'workflow' });
  if (!target) return null;
  return (
    <Button
      variant="default"
      size="sm"
      leftSection={<IconMessages size={16} />}
      rightSection={
        target.count > 0 ? (
          <Badge size="sm" variant="light" circle={target.count < 10}>
            {target.count}
          </Badge>
        ) : undefined
      }
      onClick={target.open}
      aria-label={t('mentions.thread.workflowButton', { count: target.count })}
    >
      {t('mentions.thread.comments')}
    </Button>
  );
}

// In the step panel's heading: the open step's thread.
export function StepCommentsButton({ stepTag }: { stepTag: string }) {
  const { t } = useTranslation();
  const target = useTarget({ kind: 'step', stepTag });
  if (!target) return null;
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      color="gray"
      leftSection={<IconMessages size={16} />}
      onClick={target.open}
      aria-label={t('mentions.thread.stepButton', { count: target.count })}
    >
      {target.count > 0
        ? t('mentions.thread.commentsCount', { count: target.count })
        : t('mentions.thread.comments')}
    </Button>
  );
}

// Beside a field's label: the field's thread, with its message count.
// Its name does not repeat the field's label, which names the field's control alone.
export function FieldCommentsButton({ fieldTag }: { fieldTag: string }) {
  const { t } = useTranslation();
  const target = useTarget({ kind: 'field', fieldTag });
  if (!target) return null;
  const name = t('mentions.thread.fieldButton', { count: target.count });
  return (
    <Tooltip label={name} openDelay={300} withArrow>
      <ActionIcon
        variant="subtle"
        color={target.count > 0 ? 'blue' : 'gray'}
        size="sm"
        w="auto"
        px={4}
        aria-label={name}
        onClick={target.open}
        style={{ position: 'absolute', top: 0, insetInlineEnd: 0 }}
        data-testid={`field-comments-${fieldTag}`}
      >
        <IconMessage size={15} stroke={1.7} />
        {target.count > 0 && (
          <Text span fz={11} fw={600} ml={2}>
            {target.count}
          </Text>
        )}
      </ActionIcon>
    </Tooltip>
  );
}
