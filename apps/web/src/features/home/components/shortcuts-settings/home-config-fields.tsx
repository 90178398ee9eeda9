import { NumberInput, TagsInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type TopField, topFormOf } from '../../lib/shortcut-form';

type Props = {
  config: unknown;
  disabled: boolean;
  onChange: (field: TopField, value: string | string[] | number | null) => void;
};

// The page-wide parts of the home configuration (spec 2 §3.9).
export function HomeConfigFields({ config, disabled, onChange }: Props) {
  const { t } = useTranslation();
  const form = topFormOf(config);
  return (
    <>
      <Textarea
        label={t('admin.shortcuts.fields.createNewMessage')}
        description={t('admin.shortcuts.fields.createNewMessageHint')}
        autosize
        minRows={2}
        maxLength={1000}
        disabled={disabled}
        value={form.create_new_message}
        onChange={(e) => onChange('create_new_message', e.currentTarget.value)}
      />
      <TagsInput
        label={t('admin.shortcuts.fields.processShortcuts')}
        description={t('admin.shortcuts.fields.processShortcutsHint')}
        disabled={disabled}
        value={form.process_shortcuts}
        onChange={(value) => onChange('process_shortcuts', value)}
      />
      <NumberInput
        label={t('admin.shortcuts.fields.myProcessReport')}
        description={t('admin.shortcuts.fields.myProcessReportHint')}
        min={1}
        allowDecimal={false}
        allowNegative={false}
        disabled={disabled}
        value={form.my_process_report ?? ''}
        onChange={(value) => onChange('my_process_report', typeof value === 'number' ? value : null)}
      />
    </>
  );
}
