import { HttpError, type WorkflowDefinition, type WorkflowDetail } from '@attest/shared';
import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { IconFileUnknown, IconHome, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { StatusPage } from '../../../components/status-page';
import { useWorkflow } from '../api/workflow-queries';
import { definitionOf } from '../utils/definition';

export type WorkflowGateProps = {
  children: (detail: WorkflowDetail, definition: WorkflowDefinition) => ReactNode;
};

function parseId(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

// Loads the workflow of the route's :id for the process views: a skeleton while it loads, a clear
// page when it does not exist or cannot be seen, a retry on other failures.
export function WorkflowGate({ children }: WorkflowGateProps) {
  const id = parseId(useParams().id);
  if (id === null) return <WorkflowNotFound />;
  return <LoadedWorkflow id={id}>{children}</LoadedWorkflow>;
}

function LoadedWorkflow({ id, children }: { id: number } & WorkflowGateProps) {
  const { t } = useTranslation();
  const query = useWorkflow(id);
  if (query.isPending) return <ProcessSkeleton />;
  if (query.isError) {
    if (query.error instanceof HttpError && query.error.status === 404) return <WorkflowNotFound />;
    return (
      <Alert color="red" variant="light" title={t('process.loadFailed')} maw={640} mx="auto">
        <Stack gap="sm" align="flex-start">
          {query.error.message}
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconRefresh size={14} />}
            onClick={() => void query.refetch()}
          >
            {t('process.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const definition = definitionOf(query.data);
  if (!definition) {
    return (
      <Alert color="red" variant="light" maw={640} mx="auto">
        {t('process.badDefinition')}
      </Alert>
    );
  }
  return <>{children(query.data, definition)}</>;
}

function WorkflowNotFound() {
  const { t } = useTranslation();
  return (
    <StatusPage
      fullHeight={false}
      color="gray"
      icon={<IconFileUnknown size={34} stroke={1.5} />}
      title={t('process.notFoundTitle')}
      description={t('process.notFound')}
      actions={
        <Button component={Link} to="/" variant="light" leftSection={<IconHome size={16} />}>
          {t('common.goHome')}
        </Button>
      }
    />
  );
}

function ProcessSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={1400} mx="auto" aria-busy="true" aria-label={t('process.loading')}>
      <Skeleton h={32} w="40%" />
      <Skeleton h={16} w="25%" />
      <Skeleton h={10} w={520} maw="100%" radius="xl" />
      <Stack gap="md" style={{ flexDirection: 'row' }}>
        <Skeleton h={320} w={320} />
        <Skeleton h={420} style={{ flex: 1 }} />
      </Stack>
    </Stack>
  );
}
