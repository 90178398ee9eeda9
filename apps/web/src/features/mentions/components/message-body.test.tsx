import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { MessageBody } from './message-body';

describe('MessageBody', () => {
  it('renders markup in a body as text, never as elements', () => {
    const body = '<img src=x onerror=alert(1)> <script>alert(1)</script> hi @[Ann <b>Lee</b>](user:12)';
    const { container } = renderWithProviders(<MessageBody body={body} />);
    const element = container.querySelector('[data-testid="message-body"]');
    expect(element?.querySelector('img, script, b')).toBeNull();
    expect(element?.textContent).toBe(
      '<img src=x onerror=alert(1)> <script>alert(1)</script> hi @Ann <b>Lee</b>',
    );
    expect(element?.querySelector('[data-mention="user"]')?.textContent).toBe('@Ann <b>Lee</b>');
  });

  it('highlights user and group mentions', () => {
    const { container } = renderWithProviders(<MessageBody body="Ask @[Legal](group:4) and @[Bo](user:9)" />);
    const chips = [...container.querySelectorAll('[data-mention]')].map((c) => [
      c.getAttribute('data-mention'),
      c.textContent,
    ]);
    expect(chips).toEqual([
      ['group', '@Legal'],
      ['user', '@Bo'],
    ]);
  });
});
