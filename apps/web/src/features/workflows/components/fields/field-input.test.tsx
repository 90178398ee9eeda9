import { isAnswerable } from '@attest/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { ALL_TYPES, fieldOf, SAMPLE_ANSWERS } from './field-fixtures';
import { FieldInput } from './field-input';

afterEach(() => vi.unstubAllGlobals());

// Types whose content is a layout mark, with nothing to read.
const NO_LABEL = new Set(['break', 'divider']);

describe('FieldInput renders every field type', () => {
  it.each(ALL_TYPES.map((type) => [type]))('%s: label, value and read-only', (type) => {
    mockApi({});
    const field = fieldOf(type, isAnswerable(type) ? { help: `Help of ${type}` } : {});
    const onChange = vi.fn();
    const onCommit = vi.fn();
    const { container } = renderWithProviders(
      <FieldInput
        field={field}
        value={SAMPLE_ANSWERS[type]}
        onChange={onChange}
        onCommit={onCommit}
        readOnly
        workflowId={7}
      />,
    );
    if (!NO_LABEL.has(type)) expect(screen.getAllByText(field.label).length).toBeGreaterThan(0);
    if (isAnswerable(type)) expect(screen.getByText(`Help of ${type}`)).toBeTruthy();
    // Read-only: nothing to type into, nothing to press that changes the answer.
    for (const input of container.querySelectorAll('input:not([type=hidden]), textarea')) {
      const element = input as HTMLInputElement;
      expect(element.readOnly || element.disabled, `${type}: ${element.outerHTML}`).toBe(true);
    }
    expect(screen.queryByRole('button', { name: /Add row|Start|Choose file|Replace file/ })).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    expect(onCommit).not.toHaveBeenCalled();
  });

  it.each(
    ALL_TYPES.filter(isAnswerable)
      .filter((type) => !['table', 'child_workflow', 'slider', 'rating'].includes(type))
      .map((type) => [type]),
  )('%s: the control is found by its label when editable', (type) => {
    mockApi({});
    renderWithProviders(
      <FieldInput
        field={fieldOf(type, { required: true })}
        value={undefined}
        onChange={vi.fn()}
        onCommit={vi.fn()}
        workflowId={7}
      />,
    );
    expect(screen.getAllByLabelText(new RegExp(`^Label of ${type}`)).length).toBeGreaterThan(0);
  });
});
