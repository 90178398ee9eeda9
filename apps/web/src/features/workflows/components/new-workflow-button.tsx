import type { WorkflowDetail } from '@attest/shared';
import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatch, useNavigate } from 'react-router';
import { useCreatableKinds } from '../api/creatable-kinds';
import { workflowKeys } from '../api/workflow-keys';
import { workflowPath } from '../utils/process-paths';
import { CreateWorkflowDialog } from './create-workflow-dialog';

export type NewWorkflowButtonProps = {
  // A translation key: the header's button is 'New workflow', a page's own may say more.
  label?: string;
  size?: 'xs' | 'sm' | 'md';
  variant?: 'filled' | 'light';
  // In the app header: on a narrow screen only the + icon, keeping its name for assistive tech.
  collapsible?: boolean;
};

const NARROW = '(max-width: 48em)';

// Opens the create dialog; the new workflow opens in the current path shape with new=true (spec 1 §2).
// Shown only to a person who may create something (issue 14): not while that is being asked, never
// to one the server offers no kind (a supplier), so no one fills a form only to be refused.
export function NewWorkflowButton({
  label = 'process.create.open',
  size = 'sm',
  variant = 'filled',
  collapsible = false,
}: NewWorkflowButtonProps) {
  const { t } = useTranslation();
  const creatable = useCreatableKinds();
  const [opened, { open, close }] = useDisclosure(false);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const narrow = useMediaQuery(NARROW) && collapsible;
  const onProcess = useMatch('/process/:id/*');
  const current = onProcess
    ? queryClient.getQueryData<WorkflowDetail>(workflowKeys.detail(Number(onProcess.params.id)))
    : undefined;
  const parent = current && current.archived_at === null ? { id: current.id, name: current.name } : null;

  const onCreated = (id: number) => {
    close();
    navigate(workflowPath(id, pathname, true));
  };

  if (!creatable.data || creatable.data.length === 0) return null;

  return (
    <>
      {narrow ? (
        <Tooltip label={t(label)} withArrow>
          <ActionIcon size="lg" radius="md" variant={variant} onClick={open} aria-label={t(label)}>
            <IconPlus size={18} />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button leftSection={<IconPlus size={16} />} onClick={open} size={size} variant={variant}>
          {t(label)}
        </Button>
      )}
      <CreateWorkflowDialog opened={opened} onClose={close} onCreated={onCreated} parent={parent} />
    </>
  );
}
