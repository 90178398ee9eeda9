import {
  type FieldType,
  isOneOf,
  OBJECT_FIELD_TYPES,
  type ObjectField,
  OPTION_FIELD_TYPES,
} from '@attest/shared';
import { Checkbox, Paper, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CascaderEditor } from '../designer/components/cascader-editor';
import { IssueMessages } from '../designer/components/issue-messages';
import { OptionsEditor } from '../designer/components/options-editor';
import { ValidationInputs } from '../designer/components/validation-inputs';
import { type DesignerIssue, issuesFor } from '../designer/model/validation';

type Props = {
  field: ObjectField;
  issues: readonly DesignerIssue[] | undefined;
  readOnly: boolean;
  // The object types a data_object field may pick records of (this package's).
  objectTags: readonly string[];
  onPatch: (patch: Partial<ObjectField>) => void;
  onLabel: (label: string) => void;
  onTag: (tag: string) => void;
  onType: (type: FieldType) => void;
};

// One field of an object type: the settings of the process designer's field panel that a record's
// field has (no step conditions, table columns or display content), with the same editors.
export function ObjectFieldPanel({
  field,
  issues,
  readOnly,
  objectTags,
  onPatch,
  onLabel,
  onTag,
  onType,
}: Props) {
  const { t } = useTranslation();
  const types = useMemo(
    () =>
      OBJECT_FIELD_TYPES.map((type) => ({ value: type, label: t(`studioDesigner.fieldTypes.${type}`) })).sort(
        (a, b) => a.label.localeCompare(b.label),
      ),
    [t],
  );
  const error = (property: string) => issuesFor(issues, property)[0]?.message;
  const shown = [
    'label',
    'tag',
    'type',
    'help',
    'placeholder',
    'object_type_tag',
    'options',
    'cascader_options',
  ];
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm" data-testid="object-field-panel">
        <Title order={2} size="h4">
          {t('studio.objects.fieldSettings', { name: field.label || t('studioDesigner.unnamed') })}
        </Title>
        <TextInput
          label={t('studioDesigner.label')}
          value={field.label}
          readOnly={readOnly}
          onChange={(e) => onLabel(e.currentTarget.value)}
          error={error('label')}
        />
        <TextInput
          dir="ltr"
          label={t('studioDesigner.tag')}
          description={t('studio.objects.fieldTagHelp')}
          value={field.tag}
          readOnly={readOnly}
          onChange={(e) => onTag(e.currentTarget.value)}
          error={error('tag')}
        />
        <Select
          label={t('studioDesigner.fieldType')}
          data={types}
          value={field.type}
          searchable
          allowDeselect={false}
          readOnly={readOnly}
          onChange={(type) => type && onType(type as FieldType)}
          error={error('type')}
        />
        <Textarea
          label={t('studioDesigner.help')}
          value={field.help ?? ''}
          readOnly={readOnly}
          autosize
          minRows={1}
          onChange={(e) => onPatch({ help: e.currentTarget.value || undefined })}
          error={error('help')}
        />
        <TextInput
          label={t('studioDesigner.placeholder')}
          value={field.placeholder ?? ''}
          readOnly={readOnly}
          onChange={(e) => onPatch({ placeholder: e.currentTarget.value || undefined })}
          error={error('placeholder')}
        />
        <Checkbox
          label={t('studioDesigner.required')}
          checked={field.required ?? false}
          disabled={readOnly}
          onChange={(e) => onPatch({ required: e.currentTarget.checked || undefined })}
          error={error('required')}
        />
        {field.type === 'data_object' && (
          <Select
            label={t('studio.objects.recordsOf')}
            description={t('studio.objects.recordsOfHelp')}
            data={[...objectTags]}
            value={field.object_type_tag ?? null}
            searchable
            readOnly={readOnly}
            onChange={(tag) => onPatch({ object_type_tag: tag ?? undefined })}
            error={error('object_type_tag')}
          />
        )}
        {isOneOf(field.type, OPTION_FIELD_TYPES) && (
          <OptionsEditor
            options={field.options ?? []}
            withGroups={field.type === 'grouped_checkbox'}
            readOnly={readOnly}
            onChange={(options) => onPatch({ options })}
          />
        )}
        <IssueMessages issues={issuesFor(issues, 'options')} />
        {field.type === 'cascader' && (
          <CascaderEditor
            value={field.cascader_options}
            readOnly={readOnly}
            onChange={(cascader_options) => onPatch({ cascader_options })}
          />
        )}
        <IssueMessages issues={issuesFor(issues, 'cascader_options')} />
        <ValidationInputs
          type={field.type}
          validation={field.validation}
          issues={issues}
          readOnly={readOnly}
          onChange={(validation) => onPatch({ validation })}
        />
        <IssueMessages
          issues={(issues ?? []).filter(
            (i) => !shown.includes(i.property.split('.')[0] ?? '') || i.property === 'validation',
          )}
        />
      </Stack>
    </Paper>
  );
}
