import type { WorkflowDefinition } from '@attest/shared';
import { Alert, Box, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { IsolatedText, isolate } from '../../../../components/user-text';
import { track } from '../../../../lib/analytics/track';
import { usePostMessage } from '../../api/messages';
import { useOpenThread, useThreads } from '../../api/threads';
import {
  type CommentTarget,
  findThread,
  requestOf,
  targetName,
  targetOfThread,
} from '../../lib/thread-target';
import { CommentsContext } from './comments-context';
import { Composer } from './composer';
import { MessageList, NoMessages } from './message-list';
import { SubscriptionToggle } from './subscription-toggle';

const PANEL_WIDTH_PX = 460;
// From this width the page makes room for the open panel instead of lying under it, so the field
// being discussed and its header buttons stay in view beside the thread.
const SIDE_BY_SIDE_QUERY = '(min-width: 1100px)';
// ?thread={id} on /process/{id}: the thread shown (a 'View Conversation' link or a notification).
const THREAD_PARAM = 'thread';
// The process page's step deep link (?group=&step=); a step alone is enough to select it.
const STEP_PARAM = 'step';
const GROUP_PARAM = 'group';

function threadIdOf(value: string | null): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

const keyOf = (target: CommentTarget) =>
  target.kind === 'field'
    ? `field:${target.fieldTag}`
    : target.kind === 'step'
      ? `step:${target.stepTag}`
      : 'workflow';

export type CommentsProviderProps = {
  workflowId: number;
  definition: WorkflowDefinition;
  // The signed-in user, whose own messages can be edited and deleted.
  viewerId: number | null;
  children: ReactNode;
};

// Threads on the process page: the comment buttons open a side panel with the workflow's, a step's
// or a field's thread. A thread is created on the server only when someone first writes in it.
export function CommentsProvider({ workflowId, definition, viewerId, children }: CommentsProviderProps) {
  const [params, setParams] = useSearchParams();
  const threadId = threadIdOf(params.get(THREAD_PARAM));
  const threads = useThreads(workflowId);
  const [pending, setPending] = useState<CommentTarget | null>(null);

  const setThreadParam = useCallback(
    (id: number | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id === null) next.delete(THREAD_PARAM);
          else next.set(THREAD_PARAM, String(id));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const open = useCallback(
    (target: CommentTarget) => {
      // Spec 2 §9.4: the workflow page's comments, by what they are about (workflow, step, field).
      track('workflow_detail.comments', { section: target.kind });
      const existing = findThread(threads.data, target);
      setPending(existing ? null : target);
      setThreadParam(existing ? existing.id : null);
    },
    [threads.data, setThreadParam],
  );

  const close = () => {
    setPending(null);
    setThreadParam(null);
  };

  const linked = threadId !== null ? threads.data?.find((thread) => thread.id === threadId) : undefined;
  // A linked thread on a step or a field selects that step, through the page's own deep link
  // (?step=), once per thread: the user may then browse other steps with the thread still open.
  const revealed = useRef<number | null>(null);
  useEffect(() => {
    if (!linked || revealed.current === linked.id) return;
    revealed.current = linked.id;
    const step = linked.step_tag;
    if (step && params.get(STEP_PARAM) !== step) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(STEP_PARAM, step);
          next.delete(GROUP_PARAM);
          return next;
        },
        { replace: true },
      );
    }
  }, [linked, params, setParams]);

  const value = useMemo(
    () => ({ workflowId, threads: threads.data, open }),
    [workflowId, threads.data, open],
  );
  const target = linked ? targetOfThread(linked) : threadId === null ? pending : null;
  const opened = threadId !== null || pending !== null;
  const sideBySide = useMediaQuery(SIDE_BY_SIDE_QUERY) ?? false;

  return (
    <CommentsContext.Provider value={value}>
      <Box
        data-comments-open={opened || undefined}
        style={{
          paddingInlineEnd: opened && sideBySide ? PANEL_WIDTH_PX : 0,
          transition: 'padding-inline-end 200ms ease',
        }}
      >
        {children}
      </Box>
      <ThreadDrawer
        opened={opened}
        onClose={close}
        workflowId={workflowId}
        definition={definition}
        viewerId={viewerId}
        threadId={threadId}
        target={target}
        missing={threadId !== null && threads.isSuccess && !linked}
        onCreated={(id) => {
          setPending(null);
          setThreadParam(id);
        }}
      />
    </CommentsContext.Provider>
  );
}

type ThreadDrawerProps = {
  opened: boolean;
  onClose: () => void;
  workflowId: number;
  definition: WorkflowDefinition;
  viewerId: number | null;
  threadId: number | null;
  target: CommentTarget | null;
  missing: boolean;
  onCreated: (threadId: number) => void;
};

function ThreadDrawer(props: ThreadDrawerProps) {
  const { opened, onClose, workflowId, definition, viewerId, threadId, target, missing, onCreated } = props;
  const { t } = useTranslation();
  const mobile = useMediaQuery('(max-width: 450px)');
  const openThread = useOpenThread(workflowId);
  const post = usePostMessage(workflowId);
  const name = target ? targetName(definition, target) : null;
  const subtitle =
    target?.kind === 'field'
      ? t('mentions.thread.onField', { name: isolate(name) })
      : target?.kind === 'step'
        ? t('mentions.thread.onStep', { name: isolate(name) })
        : target?.kind === 'workflow'
          ? t('mentions.thread.onWorkflow')
          : null;

  const send = async (body: string) => {
    let id = threadId;
    if (id === null) {
      if (!target) return;
      id = (await openThread.mutateAsync(requestOf(target))).id;
      onCreated(id);
    }
    await post.mutateAsync({ threadId: id, body });
  };

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={mobile ? '100%' : PANEL_WIDTH_PX}
      // A side panel: the page stays usable beside it, so a field and its thread are seen together.
      withOverlay={false}
      lockScroll={false}
      trapFocus={false}
      closeOnClickOutside={false}
      shadow="xl"
      title={
        <Stack gap={0}>
          <Text fw={600} fz="lg">
            {t('mentions.thread.comments')}
          </Text>
          {subtitle && (
            <Text fz="sm" c="dimmed" lineClamp={1}>
              <IsolatedText text={subtitle} />
            </Text>
          )}
        </Stack>
      }
      styles={{
        // Issue 14: the panel opens below the app header, whose icons (notifications, the user
        // menu) stay in reach; on the page without a header the variable is unset and it starts at 0.
        inner: { top: 'var(--app-shell-header-height, 0px)' },
        content: { display: 'flex', flexDirection: 'column' },
        body: { flex: 1, minHeight: 0, padding: 0, display: 'flex', flexDirection: 'column' },
      }}
      data-testid="thread-panel"
    >
      {missing ? (
        <Alert color="gray" variant="light" m="md">
          {t('mentions.errors.notFound')}
        </Alert>
      ) : (
        <>
          {threadId !== null && (
            <Group px="md" pb="xs" justify="flex-end">
              <SubscriptionToggle threadId={threadId} />
            </Group>
          )}
          <Divider />
          {threadId !== null ? (
            <MessageList threadId={threadId} workflowId={workflowId} viewerId={viewerId} />
          ) : (
            <Box style={{ flex: 1 }} px="md">
              <NoMessages />
            </Box>
          )}
          <Divider />
          <Box p="md" key={target ? keyOf(target) : `thread-${threadId}`}>
            <Composer
              workflowId={workflowId}
              submitLabel={t('mentions.composer.send')}
              onSubmit={send}
              autoFocus
            />
          </Box>
        </>
      )}
    </Drawer>
  );
}
