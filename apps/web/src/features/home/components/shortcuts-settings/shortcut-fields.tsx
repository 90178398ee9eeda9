import { HOME_USE_CASES } from '@attest/shared';
import { Button, Group, Select, Stack, TagsInput, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type ShortcutField, type ShortcutForm, shortcutFormOf } from '../../lib/shortcut-form';

type Props = {
  shortcut: unknown;
  disabled: boolean;
  // The messages of the problems at each field (spec 2 §5 texts), shown under it.
  errors: Partial<Record<keyof ShortcutForm, string>>;
  onChange: (field: keyof ShortcutForm, value: string | string[]) => void;
  onRemove: () => void;
};

const TEXT_FIELDS: { field: ShortcutField; label: string; tag?: boolean }[] = [
  { field: 'kind_tag', label: 'kindTag', tag: true },
  { field: 'step_tag', label: 'stepTag', tag: true },
  { field: 'field_tag', label: 'fieldTag', tag: true },
  { field: 'start_from_kind_tag', label: 'startFromKindTag', tag: true },
  { field: 'creation_kind_tag', label: 'creationKindTag', tag: true },
  { field: 'create_button_label', label: 'createButtonLabel' },
];

// One shortcut of the home page (spec 2 §3.9) as a form; it reads and writes the editor's JSON.
export function ShortcutFields({ shortcut, disabled, errors, onChange, onRemove }: Props) {
  const { t } = useTranslation();
  const form = shortcutFormOf(shortcut);
  const text = (field: ShortcutField, label: string, tag = false) => (
    <TextInput
      key={field}
      label={t(`admin.shortcuts.fields.${label}`)}
      disabled={disabled}
      // Tags are identifiers, written left to right in every language.
      dir={tag ? 'ltr' : undefined}
      maxLength={tag ? 100 : 200}
      value={form[field]}
      error={errors[field]}
      onChange={(e) => onChange(field, e.currentTarget.value)}
    />
  );
  return (
    // One column: the form sits beside the editor, and tags are long identifiers.
    <Stack gap="sm">
      {text('title', 'title')}
      <Select
        label={t('admin.shortcuts.fields.useCase')}
        disabled={disabled}
        allowDeselect={false}
        data={HOME_USE_CASES.map((value) => ({ value, label: t(`admin.shortcuts.useCases.${value}`) }))}
        value={form.use_case || null}
        error={errors.use_case}
        onChange={(value) => onChange('use_case', value ?? '')}
      />
      {text('description', 'description')}
      {TEXT_FIELDS.map(({ field, label, tag }) => text(field, label, tag))}
      <TagsInput
        label={t('admin.shortcuts.fields.allowedStatusIds')}
        description={t('admin.shortcuts.fields.allowedStatusIdsHint')}
        disabled={disabled}
        value={form.allowed_status_ids}
        error={errors.allowed_status_ids}
        onChange={(value) => onChange('allowed_status_ids', value)}
      />
      {text('status_filtering_fallback_message', 'fallbackMessage')}
      {!disabled && (
        <Group justify="flex-end">
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} />}
            onClick={onRemove}
          >
            {t('admin.shortcuts.remove')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
