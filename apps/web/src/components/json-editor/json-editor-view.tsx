import { useComputedColorScheme } from '@mantine/core';
import { useEffect, useRef } from 'react';
import {
  type Content,
  createJSONEditor,
  type JsonEditor,
  type MenuItem,
  Mode,
  type ValidationError,
  ValidationSeverity,
} from 'vanilla-jsoneditor';
import 'vanilla-jsoneditor/themes/jse-theme-dark.css';
import './json-editor.css';
import {
  blurValue,
  editorSettings,
  type JsonEditorMode,
  type JsonProblem,
  jsonOrUndefined,
  parseJsonInput,
  serializeJson,
} from './json-editor-rules';

export type JsonEditorChange = { text: string; json: unknown };

export type JsonEditorViewProps = {
  value: string;
  mode: JsonEditorMode;
  disabled: boolean;
  label: string;
  height: number;
  validate?: ((json: unknown) => JsonProblem[]) | undefined;
  onChange?: ((change: JsonEditorChange) => void) | undefined;
  onBlur?: ((value: string) => void) | undefined;
};

function textOf(content: Content): string {
  return 'text' in content ? content.text : serializeJson(content.json);
}

// Our own mode switch replaces the editor's (it offers a table mode the spec does not name).
function withoutModeButtons(items: MenuItem[]): MenuItem[] {
  const kept = items.filter((item) => !('className' in item && item.className?.includes('jse-group-button')));
  return kept.filter((item, index) => !(item.type === 'separator' && kept[index - 1]?.type === 'separator'));
}

// vanilla-jsoneditor mounted once; its own chunk, loaded only where an editor is shown (json-editor.tsx).
export default function JsonEditorView(props: JsonEditorViewProps) {
  const { value, mode, disabled, label, height, validate } = props;
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<JsonEditor | null>(null);
  // The text last sent out or shown: a value coming back unchanged is not set again (that would
  // move the caret while someone types).
  const shown = useRef(value);
  const handlers = useRef(props);
  handlers.current = props;
  const dark = useComputedColorScheme('light') === 'dark';

  // biome-ignore lint/correctness/useExhaustiveDependencies: created once; later props go through updateProps below.
  useEffect(() => {
    if (!host.current) return;
    const settings = editorSettings(mode, disabled);
    const created = createJSONEditor({
      target: host.current,
      props: {
        content: { json: parseJsonInput(value) },
        mode: settings.text ? Mode.text : Mode.tree,
        readOnly: settings.readOnly,
        ariaLabel: label,
        askToFormat: false,
        navigationBar: false,
        onRenderMenu: withoutModeButtons,
        onChange: (content: Content) => {
          const text = textOf(content);
          shown.current = text;
          handlers.current.onChange?.({
            text,
            json: 'json' in content ? content.json : jsonOrUndefined(text),
          });
        },
        onBlur: () => {
          const json = jsonOrUndefined(textOf(created.get()));
          // A text that is not JSON yet stays for the person to mend; it is not replaced by {}.
          if (json !== undefined) handlers.current.onBlur?.(blurValue(json));
        },
      },
    });
    editor.current = created;
    // CodeMirror's text area is editable but carries no tabindex, so its scrolling box reads to
    // assistive checks as a region the keyboard cannot reach (axe scrollable-region-focusable). It
    // is reached by Tab already; saying so changes nothing for people. Each mode switch draws anew.
    const markFocusable = () => {
      for (const content of host.current?.querySelectorAll('.cm-content:not([tabindex])') ?? [])
        content.setAttribute('tabindex', '0');
    };
    markFocusable();
    const observer = new MutationObserver(markFocusable);
    observer.observe(host.current, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      editor.current = null;
      void created.destroy();
    };
  }, []);

  useEffect(() => {
    if (value === shown.current) return;
    shown.current = value;
    void editor.current?.update({ json: parseJsonInput(value) });
  }, [value]);

  useEffect(() => {
    const settings = editorSettings(mode, disabled);
    editor.current?.updateProps({ mode: settings.text ? Mode.text : Mode.tree, readOnly: settings.readOnly });
  }, [mode, disabled]);

  useEffect(() => {
    editor.current?.updateProps({
      validator: validate
        ? (json: unknown): ValidationError[] =>
            validate(json).map((p) => ({
              path: p.path,
              message: p.message,
              severity: ValidationSeverity.error,
            }))
        : undefined,
    });
  }, [validate]);

  // JSON reads left to right in every language.
  return (
    <div
      ref={host}
      dir="ltr"
      className={dark ? 'attest-json-editor jse-theme-dark' : 'attest-json-editor'}
      style={{ height }}
    />
  );
}
