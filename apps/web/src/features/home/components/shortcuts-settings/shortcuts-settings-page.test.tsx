import { HOME_PATHS, HOME_SHORTCUT_MESSAGES } from '@attest/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JsonEditorViewProps } from '../../../../components/json-editor/json-editor-view';
import { mockApiCalls, type Reply } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { ShortcutsSettingsPage } from './shortcuts-settings-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() }));
vi.mock('../../../../lib/notifications/toast', () => ({ toast }));

// vanilla-jsoneditor draws with CodeMirror, which happy-dom cannot lay out: the page is tested with a
// plain text area in its place (the real editor is driven in e2e/settings-shortcuts.e2e.ts). The
// stand-in keeps the editor's contract: the JSON string in, every edit's text and value out.
vi.mock('../../../../components/json-editor/json-editor-view', () => ({
  default: ({ value, label, disabled, onChange }: JsonEditorViewProps) => (
    <textarea
      aria-label={label}
      readOnly={disabled}
      value={value}
      onChange={(e) => {
        const text = e.currentTarget.value;
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        onChange?.({ text, json });
      }}
    />
  ),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const SHORTCUT = {
  kind_tag: 'vendor_check',
  step_tag: 'review',
  use_case: 'navigate_to_parent_step',
  ui: { title: 'Review a vendor' },
};

function mockConfig(config: unknown, onPut: (body: unknown) => Reply = (body) => ({ body })) {
  return mockApiCalls({
    [HOME_PATHS.adminConfig]: { body: { config } },
    [`PUT ${HOME_PATHS.adminConfig}`]: (call) => onPut(call.body),
  });
}

const editor = () => screen.findByRole('textbox', { name: 'Home page configuration (c2_home_page_config)' });
const setEditorText = async (value: string) => fireEvent.change(await editor(), { target: { value } });
const save = () => screen.getByRole('button', { name: 'Save changes' });

describe('Settings > Shortcuts', () => {
  it('keeps the JSON and the form in step both ways, and saves the edited JSON', async () => {
    const calls = mockConfig({ child_workflow_shortcut_config: [SHORTCUT] });
    renderWithProviders(<ShortcutsSettingsPage />);
    const area = (await editor()) as HTMLTextAreaElement;
    expect(JSON.parse(area.value)).toEqual({ child_workflow_shortcut_config: [SHORTCUT] });
    expect(screen.getByText('Review a vendor')).toBeTruthy();
    expect(save()).toHaveProperty('disabled', true);

    // JSON -> form
    await setEditorText(
      JSON.stringify({ child_workflow_shortcut_config: [{ ...SHORTCUT, ui: { title: 'Check a vendor' } }] }),
    );
    fireEvent.click(screen.getByRole('button', { name: /Check a vendor/ }));
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(title).toHaveProperty('value', 'Check a vendor');

    // form -> JSON
    fireEvent.change(title, { target: { value: 'Open a review' } });
    expect(JSON.parse(area.value).child_workflow_shortcut_config[0].ui.title).toBe('Open a review');
    expect(screen.getByText('The configuration matches the schema.')).toBeTruthy();

    fireEvent.click(save());
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('admin.saved'));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { child_workflow_shortcut_config: [{ ...SHORTCUT, ui: { title: 'Open a review' } }] },
    ]);
  });

  it('lists every schema problem with the spec 2 §5 texts beside the editor and at the form fields; no save', async () => {
    mockConfig(null);
    renderWithProviders(<ShortcutsSettingsPage />);
    await setEditorText(
      JSON.stringify({
        child_workflow_shortcut_config: [
          {
            ...SHORTCUT,
            workflow_mapping_config: {
              vendor_check: { creation_kind_tag: 'sub_check', allowed_status_ids: [2] },
            },
          },
        ],
      }),
    );
    const list = await screen.findByTestId('config-problems');
    const mapping = 'child_workflow_shortcut_config.0.workflow_mapping_config.vendor_check.ui';
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `${mapping}.status_filtering_fallback_message: ${HOME_SHORTCUT_MESSAGES.fallbackRequired}`,
      `${mapping}.create_button_label: ${HOME_SHORTCUT_MESSAGES.buttonLabelRequired}`,
    ]);
    expect(screen.getByText('2 problems to fix before saving')).toBeTruthy();
    expect(save()).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: /Review a vendor/ }));
    expect(screen.getAllByText(HOME_SHORTCUT_MESSAGES.buttonLabelRequired)).toHaveLength(2);
    // Mending it in the form clears the problem.
    fireEvent.change(await screen.findByRole('textbox', { name: 'Create button label' }), {
      target: { value: 'Start' },
    });
    expect(screen.queryAllByText(HOME_SHORTCUT_MESSAGES.buttonLabelRequired)).toHaveLength(0);
    expect(screen.getAllByText(HOME_SHORTCUT_MESSAGES.fallbackRequired)).toHaveLength(2);
  });

  it('waits for readable JSON: a syntax error is shown, the form and saving wait', async () => {
    mockConfig({ create_new_message: 'Hello' });
    renderWithProviders(<ShortcutsSettingsPage />);
    await setEditorText('{"create_new_message": ');
    expect(await screen.findByText(/This is not valid JSON yet/)).toBeTruthy();
    expect(screen.getByText(/The form shows a configuration object/)).toBeTruthy();
    expect(save()).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByRole('textbox', { name: /Message above/ })).toHaveProperty('value', 'Hello');
  });

  it("shows the server's refusal at its paths", async () => {
    const message = HOME_SHORTCUT_MESSAGES.fieldTagRequired;
    mockConfig(null, () => ({
      status: 400,
      body: {
        detail: 'Invalid input.',
        code: 'invalid',
        errors: { 'child_workflow_shortcut_config.0.field_tag': [message] },
      },
    }));
    renderWithProviders(<ShortcutsSettingsPage />);
    // Empty stored configuration: the editor starts from "" (an empty object).
    expect(((await editor()) as HTMLTextAreaElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Add a shortcut' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Kind tag' }), {
      target: { value: 'vendor_check' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Step tag' }), { target: { value: 'review' } });
    fireEvent.click(save());
    const list = await screen.findByTestId('config-problems');
    expect(list.textContent).toBe(`child_workflow_shortcut_config.0.field_tag: ${message}`);
  });

  it('is view-only when disabled (spec 2 §4.3)', async () => {
    mockConfig({ child_workflow_shortcut_config: [SHORTCUT] });
    renderWithProviders(<ShortcutsSettingsPage disabled />);
    expect(await editor()).toHaveProperty('readOnly', true);
    expect(screen.getByText('View only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a shortcut' })).toBeNull();
  });
});
