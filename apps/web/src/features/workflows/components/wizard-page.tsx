import type { WorkflowDefinition, WorkflowDetail } from '@attest/shared';
import { Button, Stack, Stepper, useDirection } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../components/user-text';
import { toast } from '../../../lib/notifications/toast';
import { useAnswerDrafts } from '../hooks/use-answer-drafts';
import { useStepSelection } from '../hooks/use-step-selection';
import { stepEntries } from '../utils/definition';
import { canMoveTo, wizardSequence } from '../utils/wizard-steps';
import { ActivityDrawer } from './activity-drawer';
import { ArchivedBanner } from './archived-banner';
import { ProcessHeader } from './process-header';
import { StepPanel } from './step-panel';
import { WorkflowGate } from './workflow-gate';

// /process/:id/wizard/: one step at a time, in order, with Back, Next and Submit.
export function WizardPage() {
  return (
    <WorkflowGate>
      {(detail, definition) => <Wizard key={detail.id} detail={detail} definition={definition} />}
    </WorkflowGate>
  );
}

function Wizard({ detail, definition }: { detail: WorkflowDetail; definition: WorkflowDefinition }) {
  const { t } = useTranslation();
  // Back points to the start of the line, Next to its end, in either reading direction.
  const flip = useDirection().dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined;
  const [activityOpen, setActivityOpen] = useState(false);
  const drafts = useAnswerDrafts(detail);
  const { selection, select } = useStepSelection(detail, definition);
  const entries = stepEntries(definition);
  const sequence = wizardSequence(definition, detail.steps);
  const index = Math.max(
    0,
    sequence.findIndex((s) => s.tag === selection?.step),
  );
  const current = sequence[index];

  const goTo = (target: number) => {
    const step = sequence[target];
    const group = step && entries.get(step.tag)?.group.tag;
    if (step && group && canMoveTo(sequence, target)) select({ group, step: step.tag });
  };

  const onSubmitted = (next: string | undefined) => {
    const submitted = current ? entries.get(current.tag)?.step.name : undefined;
    toast.success('process.step.submitted', { values: { step: isolate(submitted) } });
    const group = next ? entries.get(next)?.group.tag : undefined;
    if (next && group) select({ group, step: next });
  };

  return (
    <Stack gap="lg" maw={1000} mx="auto">
      <ProcessHeader detail={detail} view="wizard" onOpenActivity={() => setActivityOpen(true)} />
      <ArchivedBanner detail={detail} />
      <Stepper
        active={index}
        onStepClick={goTo}
        size="sm"
        allowNextStepsSelect={false}
        wrap
        aria-label={t('process.wizard.label')}
      >
        {sequence.map((step, i) => (
          <Stepper.Step
            key={step.tag}
            label={entries.get(step.tag)?.step.name}
            allowStepSelect={canMoveTo(sequence, i)}
            color={step.state === 'completed' ? 'teal' : undefined}
          />
        ))}
      </Stepper>
      {current && (
        <StepPanel
          key={current.tag}
          detail={detail}
          definition={definition}
          stepTag={current.tag}
          drafts={drafts}
          onSubmitted={onSubmitted}
          navigation={
            <>
              <Button
                variant="default"
                leftSection={<IconChevronLeft size={16} style={flip} />}
                disabled={index === 0}
                onClick={() => goTo(index - 1)}
              >
                {t('process.wizard.back')}
              </Button>
              <Button
                variant="default"
                rightSection={<IconChevronRight size={16} style={flip} />}
                disabled={index >= sequence.length - 1 || !canMoveTo(sequence, index + 1)}
                onClick={() => goTo(index + 1)}
              >
                {t('process.wizard.next')}
              </Button>
            </>
          }
        />
      )}
      <ActivityDrawer
        workflowId={detail.id}
        definition={definition}
        opened={activityOpen}
        onClose={() => setActivityOpen(false)}
      />
    </Stack>
  );
}
