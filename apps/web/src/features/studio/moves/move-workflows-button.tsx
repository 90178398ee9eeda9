import type { StudioAppDetail, StudioVersion } from '@attest/shared';
import { Button } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../auth';
import { runningDeployments } from '../api/deployments';
import { MoveWorkflowsDialog } from './move-workflows-dialog';

export type MoveWorkflowsButtonProps = { detail: StudioAppDetail; version: StudioVersion };

// The processes of the version Production runs now (its newest deployment there): running workflows
// of their older versions may move onto it, as the server allows only to a version new workflows start
// on. Empty for any other version.
export function productionProcesses(detail: StudioAppDetail, versionId: number): string[] {
  const production = runningDeployments(detail.deployments).get('PRODUCTION');
  return production?.version_id === versionId ? production.published.map((p) => p.kind_tag) : [];
}

// Versions tab row action. Moving (and moving back) needs 'Can deploy to Production' besides the
// app's editor rights (the caller shows it to editors only); the server refuses everyone else.
export function MoveWorkflowsButton({ detail, version }: MoveWorkflowsButtonProps) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const [open, setOpen] = useState(false);
  const processes = productionProcesses(detail, version.id);
  if (!can('can_deploy_production') || processes.length === 0) return null;
  return (
    <>
      <Button
        size="xs"
        variant="light"
        color="indigo"
        leftSection={<IconArrowsExchange size={14} aria-hidden />}
        onClick={() => setOpen(true)}
      >
        {t('studioMoves.action')}
      </Button>
      {open && (
        <MoveWorkflowsDialog
          appId={detail.app.id}
          version={version}
          processes={processes}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
