import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { fieldOf } from './field-fixtures';
import { FieldInput } from './field-input';
import { sanitisedHtml } from './sanitised-html';

function renderField(field: ReturnType<typeof fieldOf>, value: unknown, readOnly = false) {
  const onChange = vi.fn();
  const onCommit = vi.fn();
  renderWithProviders(
    <FieldInput
      field={field}
      value={value}
      onChange={onChange}
      onCommit={onCommit}
      readOnly={readOnly}
      workflowId={7}
    />,
  );
  return { onChange, onCommit };
}

describe('date fields', () => {
  it('shows a stored instant as its day and saves the day picked as YYYY-MM-DD', () => {
    const { onCommit } = renderField(fieldOf('date', { label: 'Start' }), '2026-03-04T00:00:00.000Z');
    const input = screen.getByLabelText(/Start/) as HTMLInputElement;
    expect(input.type).toBe('date');
    expect(input.value).toBe('2026-03-04');
    fireEvent.change(input, { target: { value: '2026-12-31' } });
    fireEvent.blur(input);
    expect(onCommit).toHaveBeenCalledWith('2026-12-31');
  });

  it('writes the picked day the person’s way beside the browser’s own date box', () => {
    renderField(fieldOf('naive_date', { label: 'Contract start' }), '2026-12-21');
    const input = screen.getByLabelText(/Contract start/) as HTMLInputElement;
    expect(input.value).toBe('2026-12-21');
    expect(input.closest('[data-field-tag]')?.querySelector('[data-day-in-language]')?.textContent).toBe(
      'Dec 21, 2026',
    );
  });

  it('bounds the picker with min_date and max_date', () => {
    renderField(
      fieldOf('naive_date', { label: 'Due', validation: { min_date: '2026-01-01', max_date: '2026-06-30' } }),
      undefined,
    );
    const input = screen.getByLabelText(/Due/) as HTMLInputElement;
    expect([input.min, input.max]).toEqual(['2026-01-01', '2026-06-30']);
  });

  it("saves a relative period as '30d'", () => {
    const { onCommit } = renderField(fieldOf('relative_date', { label: 'Review within' }), undefined);
    const input = screen.getByLabelText(/Review within/);
    fireEvent.change(input, { target: { value: '30' } });
    fireEvent.blur(input);
    expect(onCommit).toHaveBeenCalledWith('30d');
  });
});

describe('html fields', () => {
  const HOSTILE =
    '<p>Hello <b>team</b></p><img src="x" onerror="window.__pwned = 1"><script>window.__pwned = 2</script>' +
    '<a href="javascript:window.__pwned=3">link</a><iframe src="https://evil.example"></iframe>';

  it('keeps formatting and safe links, drops scripts, handlers, javascript: links and frames', () => {
    const { container } = render(
      <div>{sanitisedHtml(`${HOSTILE}<a href="https://example.com" onclick="x()">ok</a>`)}</div>,
    );
    const html = container.innerHTML;
    expect(html).toContain('<b>team</b>');
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|iframe|evil/i);
  });

  it('renders a stored answer sanitised, and nothing in it runs', () => {
    renderField(fieldOf('html', { label: 'Notes' }), HOSTILE, true);
    const preview = screen.getByTestId('html-preview');
    expect(preview.textContent).toContain('Hello team');
    expect(preview.querySelector('script, iframe, img, [onerror]')).toBeNull();
    expect(preview.querySelector('a')?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });
});
