import type { WorkflowDetail } from '@attest/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { makeWorkflowDetail } from '../../../test/workflow-fixture';
import { ProcessHeader } from './process-header';

const child = (
  id: number,
  name: string,
  kind_name = 'Risk Assessment',
): WorkflowDetail['children'][number] => ({
  id,
  name,
  kind_name,
  progress: 0,
  status: { id: 1, display_name: 'Draft', color_code: '#868e96', tag: 'draft' },
});

function renderHeader(children: WorkflowDetail['children']) {
  const detail = makeWorkflowDetail({ overrides: { children } });
  renderWithProviders(<ProcessHeader detail={detail} onOpenActivity={() => {}} view="page" />);
}

describe('ProcessHeader child workflows', () => {
  it('names one child workflow in the singular', () => {
    renderHeader([child(8, 'Northwind risk assessment')]);
    expect(screen.getByText('Child workflow:')).toBeTruthy();
    expect(screen.queryByText(/Children/)).toBeNull();
    // Each child says what kind of workflow it is.
    const link = screen.getByRole('link', { name: /Northwind risk assessment/ });
    expect(link.textContent).toContain('Risk Assessment');
  });

  it('counts several child workflows', () => {
    renderHeader([child(8, 'Risk assessment'), child(9, 'Contract review')]);
    expect(screen.getByText('Child workflows (2):')).toBeTruthy();
  });
});
