import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { KindQueues } from './kind-queues';

describe('KindQueues', () => {
  it('reads an estimated queue or alert count as "about", an exact one as the number', () => {
    renderWithProviders(
      <KindQueues
        queues={{
          stepgroupdef_counts: [
            { step_group_tag: 'intake', name: 'Intake', count: 48_210, count_is_estimate: true },
            { step_group_tag: 'review', name: 'Review', count: 312, count_is_estimate: false },
          ],
        }}
        queuesLoading={false}
        activeQueue={null}
        onQueue={() => {}}
        alerts={{
          alert_details: [
            { alert_tag: 'sanctions_match', cat_color_label: 'R', count: 20_400, count_is_estimate: true },
            { alert_tag: 'adverse_media', cat_color_label: 'A', count: 7, count_is_estimate: false },
          ],
        }}
      />,
    );
    expect(screen.getByRole('button', { name: /Intake/ }).textContent).toContain('about 48,210');
    expect(screen.getByRole('button', { name: /Review/ }).textContent).toContain('312');
    expect(screen.getByRole('button', { name: /Review/ }).textContent).not.toContain('about');
    expect(screen.getByText('about 20,400')).toBeTruthy();
    expect(screen.getByText('7')).toBeTruthy();
  });
});
