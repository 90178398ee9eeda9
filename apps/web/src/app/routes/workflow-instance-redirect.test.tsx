import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render';
import { WorkflowInstanceRedirect } from './workflow-instance-redirect';

describe('WorkflowInstanceRedirect', () => {
  it('rewrites /workflows/instances/{id} to /process/{id}, keeping the query and the hash', async () => {
    const { router } = renderRoutes(
      [
        { path: '/workflows/instances/:id/*', element: <WorkflowInstanceRedirect /> },
        { path: '/process/:id', element: <p>process</p> },
      ],
      { url: '/workflows/instances/12?group=g&step=s#fields' },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/process/12'));
    expect(router.state.location.search).toBe('?group=g&step=s');
    expect(router.state.location.hash).toBe('#fields');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
