import type { WorkflowDefinition, WorkflowDetail } from '@attest/shared';
import { Alert, Box, Flex, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconConfetti } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../components/user-text';
import { track } from '../../../lib/analytics/track';
import { toast } from '../../../lib/notifications/toast';
import { WorkflowBadges } from '../../badges';
import { CommentsProvider, WorkflowCommentsButton } from '../../mentions';
import { useRecordWorkflowView } from '../api/record-view';
import { useAnswerDrafts } from '../hooks/use-answer-drafts';
import { useFreshWorkflow } from '../hooks/use-fresh-workflow';
import { useNow } from '../hooks/use-now';
import { useStepSelection } from '../hooks/use-step-selection';
import { useProcessViewer } from '../hooks/viewer';
import { stepEntries } from '../utils/definition';
import { ActivityDrawer } from './activity-drawer';
import { ArchiveButton } from './archive-button';
import { ArchivedBanner } from './archived-banner';
import { ProcessHeader } from './process-header';
import { StepPanel } from './step-panel';
import { Swimlanes } from './swimlanes';
import { WorkflowGate } from './workflow-gate';

// /process/:id (and /process/:id/without-header): the workflow's swimlanes and the selected step.
export function ProcessPage() {
  const viewer = useProcessViewer();
  return (
    <WorkflowGate>
      {(detail, definition) => (
        // Comments (issue 6): the workflow's, its steps' and fields' threads, ?thread= deep links.
        <CommentsProvider
          key={detail.id}
          workflowId={detail.id}
          definition={definition}
          viewerId={viewer.userId}
        >
          <ProcessWorkspace detail={detail} definition={definition} />
        </CommentsProvider>
      )}
    </WorkflowGate>
  );
}

type WorkspaceProps = { detail: WorkflowDetail; definition: WorkflowDefinition };

function ProcessWorkspace({ detail, definition }: WorkspaceProps) {
  const { t } = useTranslation();
  const now = useNow();
  useRecordWorkflowView(detail.id);
  const fresh = useFreshWorkflow();
  const [welcome, setWelcome] = useState(fresh);
  // The cursor goes to the first field of the first step shown, not of every step opened later.
  const [focusFirstField, setFocusFirstField] = useState(fresh);
  useEffect(() => setFocusFirstField(false), []);
  const [activityOpen, setActivityOpen] = useState(false);
  const drafts = useAnswerDrafts(detail);
  const { selection, select } = useStepSelection(detail, definition);
  const groups = stepEntries(definition);
  const panelRef = useRef<HTMLDivElement>(null);
  // Stacked on a narrow screen, the step opens below its lane: bring it into view.
  const stacked = useMediaQuery('(max-width: 62em)');
  // Spec 2 §9.4 (workflow detail), by the workflow's kind: a step chosen in the left pane (the
  // swimlanes), each step shown in the side pane beside it, the header's activity action and the
  // activity log itself. Comments and the footer tell their own (comments-provider, step-panel).
  const kind = detail.kind.id;
  const shownStep = selection?.step;
  useEffect(() => {
    if (shownStep) track('workflow_detail.side_pane', { kind, section: 'step' });
  }, [kind, shownStep]);
  const openActivity = () => {
    track('workflow_detail.header', { kind, section: 'activity' });
    track('workflow_detail.activity_logs', { kind });
    setActivityOpen(true);
  };
  const selectStep = (group: string, step: string) => {
    track('workflow_detail.left_pane', { kind, section: 'step' });
    select({ group, step });
    if (stacked)
      requestAnimationFrame(() => panelRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' }));
  };

  const onSubmitted = (next: string | undefined) => {
    const submitted = selection ? groups.get(selection.step)?.step.name : undefined;
    toast.success('process.step.submitted', { values: { step: isolate(submitted) } });
    const group = next ? groups.get(next)?.group.tag : undefined;
    if (next && group) select({ group, step: next });
  };

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <ProcessHeader
        detail={detail}
        view="page"
        commentsAction={<WorkflowCommentsButton />}
        badges={
          <WorkflowBadges
            workflowId={detail.id}
            watched={[detail.status.tag, detail.progress, detail.answers]}
          />
        }
        onOpenActivity={openActivity}
        archiveAction={
          detail.abilities.can_archive && detail.archived_at === null ? (
            <ArchiveButton detail={detail} />
          ) : undefined
        }
      />
      <ArchivedBanner detail={detail} />
      {welcome && (
        <Alert
          color="teal"
          variant="light"
          icon={<IconConfetti size={18} />}
          title={t('process.welcome.title')}
          withCloseButton
          closeButtonLabel={t('process.welcome.close')}
          onClose={() => setWelcome(false)}
        >
          {t('process.welcome.body')}
        </Alert>
      )}
      <Flex gap="lg" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'flex-start' }}>
        <Box w={{ base: '100%', md: 340 }} style={{ flexShrink: 0 }}>
          <Swimlanes
            definition={definition}
            detail={detail}
            selectedStep={selection?.step}
            onSelect={selectStep}
            now={now}
          />
        </Box>
        <Box
          style={{
            flex: 1,
            minWidth: 0,
            scrollMarginTop: 'calc(var(--app-shell-header-height, 0px) + 1rem)',
          }}
          ref={panelRef}
        >
          {selection ? (
            <StepPanel
              key={selection.step}
              detail={detail}
              definition={definition}
              stepTag={selection.step}
              drafts={drafts}
              onSubmitted={onSubmitted}
              autoFocus={focusFirstField}
            />
          ) : (
            <Alert color="gray" variant="light">
              {t('process.noSteps')}
            </Alert>
          )}
        </Box>
      </Flex>
      <ActivityDrawer
        workflowId={detail.id}
        definition={definition}
        opened={activityOpen}
        onClose={() => setActivityOpen(false)}
      />
    </Stack>
  );
}
