import {
  type AnswerError,
  computeVisibility,
  stepProblems,
  type WorkflowDefinition,
  type WorkflowDetail,
} from '@attest/shared';
import { Alert, Button, Divider, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconInfoCircle, IconLock, IconLockOpen, IconSend } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../components/user-text';
import { track } from '../../../lib/analytics/track';
import { useDateFormat } from '../../../lib/format/use-date-format';
import { confirmAction } from '../../../lib/notifications/confirm';
import { toast } from '../../../lib/notifications/toast';
import { StepCommentsButton } from '../../mentions';
import { problemsOf } from '../api/workflow-action-error';
import { useLockStep, useSubmitStep, useUndoStep } from '../api/workflow-queries';
import type { useAnswerDrafts } from '../hooks/use-answer-drafts';
import { actionErrorText } from '../utils/action-error-text';
import { stepEntries } from '../utils/definition';
import { dueDateMoves, dueDateText } from '../utils/due-date-moves';
import { readOnlyReason } from '../utils/read-only-reason';
import { stepAfterSubmit } from '../utils/step-selection';
import { FieldInput } from './fields/field-input';
import { SaveIndicator } from './save-indicator';
import { StepAssignees } from './step-assignees';
import { StepHeading } from './step-heading';

export type StepPanelProps = {
  detail: WorkflowDetail;
  definition: WorkflowDefinition;
  stepTag: string;
  drafts: ReturnType<typeof useAnswerDrafts>;
  // Called after a submission with the step to open next.
  onSubmitted: (next: string | undefined) => void;
  // new=true: put the cursor in the first field.
  autoFocus?: boolean;
  // The wizard's Back and Next.
  navigation?: ReactNode;
};

type ErrorMap = Record<string, readonly AnswerError[]>;

function byField(problems: readonly { field_tag: string; errors: readonly AnswerError[] }[]): ErrorMap {
  return Object.fromEntries(problems.map((p) => [p.field_tag, p.errors]));
}

const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select, [role="combobox"]';

export function StepPanel(props: StepPanelProps) {
  const { detail, definition, stepTag, drafts, onSubmitted, autoFocus, navigation } = props;
  const { t } = useTranslation();
  const dates = useDateFormat();
  const submit = useSubmitStep(detail.id);
  const undo = useUndoStep(detail.id);
  const lock = useLockStep(detail.id);
  const fieldsRef = useRef<HTMLDivElement>(null);
  // After a submit attempt the step's problems show live, so a fixed field loses its message at once.
  const [attempted, setAttempted] = useState(false);
  const [serverProblems, setServerProblems] = useState<ErrorMap>({});
  // Bumped when a submission is refused: once the messages render, the first invalid field takes focus.
  const [focusRequest, setFocusRequest] = useState(0);

  const entry = useMemo(() => stepEntries(definition).get(stepTag), [definition, stepTag]);
  const state = detail.steps.find((s) => s.tag === stepTag);
  const completed = detail.steps.filter((s) => s.state === 'completed').map((s) => s.tag);
  const workflowState = { answers: drafts.merged, completed_steps: completed };
  const visible = computeVisibility(definition, drafts.merged).fields;
  const liveProblems = attempted ? byField(stepProblems(definition, workflowState, stepTag)) : {};

  useEffect(() => {
    if (!autoFocus) return;
    fieldsRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [autoFocus]);

  useEffect(() => {
    if (focusRequest === 0) return;
    fieldsRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  if (!entry || !state) return null;
  const reason = readOnlyReason(detail, state);
  const readOnly = reason !== null;
  const fields = entry.step.fields.filter((f) => visible.has(f.tag));
  const canSubmit = state.state === 'enabled' && detail.abilities.can_submit && !readOnly;
  const canUndo =
    state.state === 'completed' &&
    detail.abilities.can_undo &&
    detail.archived_at === null &&
    !state.is_locked &&
    !detail.is_locked;
  // Locking is the same supervisor right as undoing (the server's lock route).
  const canLock =
    detail.abilities.can_undo && detail.archived_at === null && !detail.is_locked && state.state !== 'hidden';
  const actionError = submit.error ?? undo.error ?? lock.error;

  const errorsOf = (tag: string) => drafts.errors[tag] ?? serverProblems[tag] ?? liveProblems[tag];

  const onChange = (tag: string, value: unknown) => {
    drafts.change(tag, value);
    if (serverProblems[tag]) setServerProblems(({ [tag]: _, ...rest }) => rest);
  };

  // Spec 2 §9.4: the step's footer actions, by action and workflow kind.
  const footerUsed = (section: 'submit' | 'lock' | 'unlock' | 'undo') =>
    track('workflow_detail.footer', { kind: detail.kind.id, section });

  const onSubmit = async () => {
    footerUsed('submit');
    setAttempted(true);
    setServerProblems({});
    undo.reset();
    if (stepProblems(definition, workflowState, stepTag).length > 0) {
      submit.reset();
      setFocusRequest((n) => n + 1);
      return;
    }
    if (!(await drafts.flush())) return;
    const before = detail.steps;
    submit.mutate(stepTag, {
      onSuccess: (after) => {
        setAttempted(false);
        sayDueDateMoves(before, after.steps);
        onSubmitted(stepAfterSubmit(definition, before, after.steps));
      },
      onError: (error) => {
        setServerProblems(byField(problemsOf(error)));
        setFocusRequest((n) => n + 1);
      },
    });
  };

  const onLock = () => {
    submit.reset();
    undo.reset();
    const isLocked = !state.is_locked;
    footerUsed(isLocked ? 'lock' : 'unlock');
    lock.mutate(
      { stepTag, isLocked },
      {
        onSuccess: () =>
          toast.success(isLocked ? 'process.step.lockedDone' : 'process.step.unlockedDone', {
            values: { step: isolate(entry.step.name) },
          }),
      },
    );
  };

  // Undoing reopens a submitted step for everyone: asked first, then said in words.
  const onUndo = () => {
    const values = { step: isolate(entry.step.name) };
    confirmAction({
      title: 'process.step.undoConfirmTitle',
      body: 'process.step.undoConfirmBody',
      confirm: 'process.step.undoConfirm',
      values,
      onConfirm: () => {
        footerUsed('undo');
        submit.reset();
        lock.reset();
        setAttempted(false);
        const before = detail.steps;
        undo.mutate(stepTag, {
          onSuccess: (after) => {
            toast.success('process.step.undone', { values });
            sayDueDateMoves(before, after.steps);
          },
        });
      },
    });
  };

  // The person's own action moved a due date: said at once (the activity log keeps it too).
  const sayDueDateMoves = (before: WorkflowDetail['steps'], after: WorkflowDetail['steps']) => {
    const names = stepEntries(definition);
    for (const move of dueDateMoves(before, after)) {
      toast.info('process.dueDate.moved', {
        id: `due-date-moved-${detail.id}-${move.step}`,
        values: {
          step: isolate(names.get(move.step)?.step.name ?? move.step),
          from: dueDateText(move.from, dates.context),
          to: dueDateText(move.to, dates.context),
        },
      });
    }
  };

  const clientBlocked = attempted && Object.keys(liveProblems).length > 0 && !submit.isError;

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={entry.step.name}>
      <Stack gap="md">
        <StepHeading
          group={entry.group}
          step={entry.step}
          state={state}
          alerts={detail.alerts.filter((a) => a.step_tag === stepTag)}
          assignees={
            <>
              <StepAssignees detail={detail} step={state} />
              <StepCommentsButton stepTag={stepTag} />
            </>
          }
        />
        {reason && (
          <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} py="xs">
            {t(`process.readOnly.${reason}`)}
          </Alert>
        )}
        {state.state === 'enabled' && !readOnly && !detail.abilities.can_submit && (
          <Text fz="sm" c="dimmed">
            {t('process.step.cannotSubmit')}
          </Text>
        )}
        <Divider />
        <Stack gap="md" ref={fieldsRef}>
          {fields.length === 0 && (
            <Text c="dimmed" fz="sm">
              {t('process.step.noFields')}
            </Text>
          )}
          {fields.map((field) => (
            <FieldInput
              key={field.tag}
              field={field}
              value={drafts.answerOf(field.tag)}
              onChange={(value) => onChange(field.tag, value)}
              onCommit={(value) => void drafts.commit(field.tag, value)}
              errors={errorsOf(field.tag)}
              readOnly={readOnly}
              workflowId={detail.id}
            />
          ))}
        </Stack>
        {clientBlocked && (
          <Alert color="red" variant="light" role="alert">
            {t('process.step.fixProblems')}
          </Alert>
        )}
        {actionError && (
          <Alert color="red" variant="light" role="alert">
            {actionErrorText(actionError, t)}
          </Alert>
        )}
        {drafts.failure && (
          <Alert color="red" variant="light" role="alert">
            {actionErrorText(drafts.failure, t)}
          </Alert>
        )}
        <Divider />
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm">
            {navigation}
            {!readOnly && <SaveIndicator state={drafts.state} />}
          </Group>
          <Group gap="sm">
            {canLock && (
              <Button
                variant="subtle"
                color="gray"
                leftSection={state.is_locked ? <IconLockOpen size={16} /> : <IconLock size={16} />}
                onClick={onLock}
                loading={lock.isPending}
              >
                {state.is_locked ? t('process.step.unlock') : t('process.step.lock')}
              </Button>
            )}
            {canUndo && (
              <Tooltip label={t('process.step.undoHint')} withArrow>
                <Button
                  variant="default"
                  leftSection={<IconArrowBackUp size={16} />}
                  onClick={onUndo}
                  loading={undo.isPending}
                >
                  {t('process.step.undo')}
                </Button>
              </Tooltip>
            )}
            {canSubmit && (
              <Button
                leftSection={<IconSend size={16} />}
                onClick={() => void onSubmit()}
                loading={submit.isPending || (attempted && drafts.saving)}
              >
                {t('process.step.submit')}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
