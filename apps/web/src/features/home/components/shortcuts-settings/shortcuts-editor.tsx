import { HomePageConfigSchema, HttpError } from '@attest/shared';
import { Accordion, Alert, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JsonEditor } from '../../../../components/json-editor/json-editor';
import {
  blurValue,
  type JsonProblem,
  jsonOrUndefined,
  schemaProblems,
} from '../../../../components/json-editor/json-editor-rules';
import { toast } from '../../../../lib/notifications/toast';
import { useSaveHomeConfig } from '../../api/home-config';
import {
  objectOf,
  problemField,
  type ShortcutForm,
  shortcutFormOf,
  shortcutsOf,
  withShortcutAdded,
  withShortcutChange,
  withShortcutRemoved,
  withTopChange,
} from '../../lib/shortcut-form';
import { ConfigProblems } from './config-problems';
import { HomeConfigFields } from './home-config-fields';
import { ShortcutFields } from './shortcut-fields';

const validate = (json: unknown) => schemaProblems(HomePageConfigSchema, json);

// The API's 400 answer names each problem by its dotted path (error-handler.ts).
function serverProblems(error: Error | null): JsonProblem[] {
  if (!(error instanceof HttpError) || !error.fieldErrors) return [];
  return Object.entries(error.fieldErrors).flatMap(([place, messages]) =>
    messages.map((message) => ({ path: place.split('.'), message })),
  );
}

function fieldErrors(problems: JsonProblem[], index: number) {
  const errors: Partial<Record<keyof ShortcutForm, string>> = {};
  for (const problem of problems) {
    const at = problemField(problem.path);
    if (at?.index === index) errors[at.field] = [errors[at.field], problem.message].filter(Boolean).join(' ');
  }
  return errors;
}

// Settings > Shortcuts: the JSON and a form over the same JSON, kept in step both ways: the text is
// the one source; the form writes it and reads it back.
export function ShortcutsEditor({ stored, disabled }: { stored: unknown; disabled: boolean }) {
  const { t } = useTranslation();
  const save = useSaveHomeConfig();
  const [savedText, setSavedText] = useState(() => blurValue(stored ?? {}));
  const [text, setText] = useState(savedText);
  const [open, setOpen] = useState<string | null>(null);
  const json = useMemo(() => jsonOrUndefined(text), [text]);
  const problems = useMemo(() => (json === undefined ? [] : validate(json)), [json]);
  const refused = serverProblems(save.error);
  const shown = problems.length > 0 ? problems : refused;
  // The form speaks of an object only (an array or a number in the JSON is mended in the editor).
  const formReady = json !== undefined && objectOf(json) === json;
  const dirty = text !== savedText;

  const change = (next: unknown) => {
    save.reset();
    setText(blurValue(next));
  };
  const submit = () =>
    save.mutate(json, {
      onSuccess: (saved) => {
        const savedAs = blurValue(saved);
        setSavedText(savedAs);
        setText(savedAs);
        toast.success('admin.saved');
      },
    });

  const shortcuts = formReady ? shortcutsOf(json) : [];
  return (
    <Stack gap="md">
      {!disabled && (
        <Group justify="flex-end" gap="sm">
          {dirty && (
            <Text fz="sm" c="dimmed" me="auto">
              {t('admin.shortcuts.unsaved')}
            </Text>
          )}
          <Button
            variant="default"
            disabled={!dirty || save.isPending}
            onClick={() => {
              save.reset();
              setText(savedText);
            }}
          >
            {t('admin.shortcuts.discard')}
          </Button>
          <Button
            onClick={submit}
            loading={save.isPending}
            disabled={!dirty || json === undefined || problems.length > 0}
          >
            {t('admin.save')}
          </Button>
        </Group>
      )}
      {save.error && refused.length === 0 && (
        <Alert color="red" variant="light">
          {save.error.message || t('admin.failed')}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }} miw={0}>
          <Stack gap="sm">
            <JsonEditor
              label={t('admin.shortcuts.editorLabel')}
              value={text}
              disabled={disabled}
              validate={validate}
              onChange={(edit) => {
                save.reset();
                setText(edit.text);
              }}
              // Spec 2 §5: on blur the editor gives back "" for an empty object, else its JSON.
              onBlur={setText}
            />
            <ConfigProblems problems={shown} syntaxError={json === undefined} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }} miw={0}>
          <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="shortcuts-form-title">
            <Stack gap="md">
              <Title order={2} fz="md" fw={600} id="shortcuts-form-title">
                {t('admin.shortcuts.formTitle')}
              </Title>
              {!formReady ? (
                <Text fz="sm" c="dimmed">
                  {t('admin.shortcuts.formUnavailable')}
                </Text>
              ) : (
                <>
                  <HomeConfigFields
                    config={json}
                    disabled={disabled}
                    onChange={(field, value) => change(withTopChange(json, field, value))}
                  />
                  <Title order={3} fz="sm" fw={600}>
                    {t('admin.shortcuts.listTitle', { count: shortcuts.length })}
                  </Title>
                  {shortcuts.length === 0 && (
                    <Text fz="sm" c="dimmed">
                      {t('admin.shortcuts.empty')}
                    </Text>
                  )}
                  <Accordion variant="separated" value={open} onChange={setOpen}>
                    {shortcuts.map((shortcut, index) => {
                      const form = shortcutFormOf(shortcut);
                      const errors = fieldErrors(shown, index);
                      return (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a shortcut is its place in the list (the API names it so).
                        <Accordion.Item key={index} value={String(index)}>
                          <Accordion.Control>
                            <Text fz="sm" fw={500} c={Object.keys(errors).length > 0 ? 'red.8' : undefined}>
                              {form.title.trim() || t('admin.shortcuts.untitled', { number: index + 1 })}
                            </Text>
                            <Text fz="xs" c="dimmed" dir="ltr" ta="start">
                              {[form.kind_tag, form.step_tag].filter(Boolean).join(' · ') || '—'}
                            </Text>
                          </Accordion.Control>
                          <Accordion.Panel>
                            <ShortcutFields
                              shortcut={shortcut}
                              disabled={disabled}
                              errors={errors}
                              onChange={(field, value) =>
                                change(withShortcutChange(json, index, field, value))
                              }
                              onRemove={() => change(withShortcutRemoved(json, index))}
                            />
                          </Accordion.Panel>
                        </Accordion.Item>
                      );
                    })}
                  </Accordion>
                  {!disabled && (
                    <Group>
                      <Button
                        variant="light"
                        size="xs"
                        leftSection={<IconPlus size={14} />}
                        onClick={() => {
                          change(withShortcutAdded(json));
                          setOpen(String(shortcuts.length));
                        }}
                      >
                        {t('admin.shortcuts.add')}
                      </Button>
                    </Group>
                  )}
                </>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
