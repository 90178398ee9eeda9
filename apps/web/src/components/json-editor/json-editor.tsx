import { Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JSON_EDITOR_MODES, type JsonEditorMode, type JsonProblem } from './json-editor-rules';
import type { JsonEditorChange } from './json-editor-view';

// vanilla-jsoneditor (with CodeMirror) is large: it is loaded only when an editor is shown, never in
// the first-load chunk (e2e/first-load.e2e.ts).
const JsonEditorView = lazy(() => import('./json-editor-view'));

export type { JsonEditorChange } from './json-editor-view';

export type JsonEditorProps = {
  // Spec 2 §5: a JSON string; unparseable input is shown as an empty object.
  value: string;
  // Every edit: the text, and its value (undefined while the text is not JSON yet).
  onChange?: (change: JsonEditorChange) => void;
  // Spec 2 §5: on blur, "" for an empty object, otherwise the serialized JSON (see blurValue).
  onBlur?: (value: string) => void;
  // Spec 2 §5: every problem the schema finds, marked in the editor at its path.
  validate?: (json: unknown) => JsonProblem[];
  // Spec 2 §4.3: view-only when disabled.
  disabled?: boolean;
  label: string;
  height?: number;
  defaultMode?: JsonEditorMode;
};

// A JSON editor in code, tree and view modes (spec 2 §4.3), themed with the app.
export function JsonEditor({
  disabled = false,
  height = 480,
  defaultMode = 'code',
  ...props
}: JsonEditorProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<JsonEditorMode>(defaultMode);
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fz="sm" fw={500}>
          {props.label}
        </Text>
        {disabled ? (
          <Text fz="xs" c="dimmed">
            {t('jsonEditor.viewOnly')}
          </Text>
        ) : (
          <SegmentedControl
            size="xs"
            value={mode}
            onChange={(value) => setMode(value as JsonEditorMode)}
            aria-label={t('jsonEditor.modeLabel')}
            data={JSON_EDITOR_MODES.map((value) => ({ value, label: t(`jsonEditor.modes.${value}`) }))}
          />
        )}
      </Group>
      <Suspense fallback={<Skeleton height={height} radius="md" aria-label={t('jsonEditor.loading')} />}>
        <JsonEditorView
          value={props.value}
          mode={mode}
          disabled={disabled}
          label={props.label}
          height={height}
          validate={props.validate}
          onChange={props.onChange}
          onBlur={props.onBlur}
        />
      </Suspense>
    </Stack>
  );
}
