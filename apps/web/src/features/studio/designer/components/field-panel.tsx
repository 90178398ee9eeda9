import {
  FIELD_TYPES,
  type FieldDefinition,
  type FieldType,
  isAnswerable,
  isOneOf,
  OPTION_FIELD_TYPES,
  type WorkflowDefinition,
} from '@attest/shared';
import { Button, Checkbox, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DesignerCommand } from '../model/commands';
import { type FieldAddress, lastSegment } from '../model/tree-edits';
import { fieldKey, issuesFor } from '../model/validation';
import { CascaderEditor } from './cascader-editor';
import { ColumnsEditor } from './columns-editor';
import { ConditionEditor } from './condition-editor';
import { useDesignerContext } from './designer-context';
import { IssueMessages } from './issue-messages';
import { OptionsEditor } from './options-editor';
import { fieldsBefore } from './step-panel';
import { ValidationInputs } from './validation-inputs';
import { CONTENT_TYPES } from './validation-settings';

type FieldPatch = Extract<DesignerCommand, { type: 'setField' }>['patch'];

// A field's panel: what every field has (label, tag, type, help, placeholder, required, when it
// shows) and its type's own settings (options, limits, child kind, table columns, content).
export function FieldPanel({ definition, at }: { definition: WorkflowDefinition; at: FieldAddress }) {
  const { t } = useTranslation();
  const { dispatch, issues, readOnly, select, objectTypes = [] } = useDesignerContext();
  const field = definition.step_groups[at.group]?.steps[at.step]?.fields[at.field] as FieldDefinition;
  const own = issues.byElement.get(fieldKey(at.group, at.step, at.field));
  const key = `${at.group}-${at.step}-${at.field}`;
  const set = (patch: FieldPatch, merge?: string) =>
    dispatch({
      type: 'command',
      command: { type: 'setField', at, patch },
      mergeKey: merge && `${merge}-${key}`,
    });
  const earlier = useMemo(() => fieldsBefore(definition, at, at.field), [definition, at]);
  const types = useMemo(
    () => FIELD_TYPES.map((type) => ({ value: type, label: t(`studioDesigner.fieldTypes.${type}`) })),
    [t],
  );
  const error = (property: string) => issuesFor(own, property)[0]?.message;
  const shown = [
    'label',
    'tag',
    'type',
    'help',
    'placeholder',
    'required',
    'visible_when',
    'options',
    'validation',
    'child_kind_tag',
    'columns',
    'content',
    'cascader_options',
    'object_type_tag',
  ];
  return (
    <Stack gap="sm" data-testid="designer-field-panel">
      <Button
        variant="subtle"
        size="xs"
        leftSection={<IconArrowBackUp size={14} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
        onClick={() => select({ kind: 'step', group: at.group, step: at.step })}
      >
        {t('studioDesigner.backToStep')}
      </Button>
      <Title order={3} size="h4">
        {t('studioDesigner.fieldSettings')}
      </Title>
      <TextInput
        label={t('studioDesigner.label')}
        value={field.label}
        readOnly={readOnly}
        onChange={(e) => set({ label: e.currentTarget.value }, 'label')}
        error={error('label')}
      />
      <TextInput
        dir="ltr"
        label={t('studioDesigner.tag')}
        description={t('studioDesigner.tagHelp')}
        value={lastSegment(field.tag)}
        readOnly={readOnly}
        onChange={(e) =>
          dispatch({
            type: 'command',
            command: { type: 'setFieldTag', at, segment: e.currentTarget.value },
            mergeKey: `field-tag-${key}`,
          })
        }
        error={error('tag')}
      />
      <Select
        label={t('studioDesigner.fieldType')}
        data={types}
        value={field.type}
        searchable
        allowDeselect={false}
        readOnly={readOnly}
        onChange={(type) =>
          type &&
          dispatch({ type: 'command', command: { type: 'setFieldType', at, fieldType: type as FieldType } })
        }
        error={error('type')}
      />
      <Textarea
        label={t('studioDesigner.help')}
        value={field.help ?? ''}
        readOnly={readOnly}
        autosize
        minRows={1}
        onChange={(e) => set({ help: e.currentTarget.value || undefined }, 'help')}
        error={error('help')}
      />
      {isAnswerable(field.type) && (
        <>
          <TextInput
            label={t('studioDesigner.placeholder')}
            value={field.placeholder ?? ''}
            readOnly={readOnly}
            onChange={(e) => set({ placeholder: e.currentTarget.value || undefined }, 'placeholder')}
            error={error('placeholder')}
          />
          <Checkbox
            label={t('studioDesigner.required')}
            checked={field.required ?? false}
            disabled={readOnly}
            onChange={(e) => set({ required: e.currentTarget.checked || undefined })}
            error={error('required')}
          />
        </>
      )}
      {isOneOf(field.type, OPTION_FIELD_TYPES) && (
        <OptionsEditor
          options={field.options ?? []}
          withGroups={field.type === 'grouped_checkbox'}
          readOnly={readOnly}
          onChange={(options, merge) => set({ options }, merge)}
        />
      )}
      <IssueMessages issues={issuesFor(own, 'options')} />
      {field.type === 'cascader' && (
        <CascaderEditor
          value={field.cascader_options}
          readOnly={readOnly}
          onChange={(cascader_options) => set({ cascader_options })}
        />
      )}
      <IssueMessages issues={issuesFor(own, 'cascader_options')} />
      {field.type === 'table' && (
        <ColumnsEditor
          columns={field.columns ?? []}
          readOnly={readOnly}
          onChange={(columns, merge) => set({ columns }, merge)}
        />
      )}
      <IssueMessages issues={issuesFor(own, 'columns')} />
      {field.type === 'child_workflow' && (
        <TextInput
          label={t('studioDesigner.childKind')}
          description={t('studioDesigner.childKindHelp')}
          value={field.child_kind_tag ?? ''}
          readOnly={readOnly}
          onChange={(e) => set({ child_kind_tag: e.currentTarget.value }, 'child')}
          error={error('child_kind_tag')}
        />
      )}
      {field.type === 'data_object' && (
        <RecordTypeSelect
          value={field.object_type_tag}
          types={objectTypes}
          readOnly={readOnly}
          missing={issuesFor(own, 'object_type_tag').length > 0}
          onChange={(object_type_tag) => set({ object_type_tag })}
        />
      )}
      {CONTENT_TYPES.includes(field.type) && (
        <Textarea
          label={t(
            field.type === 'iframe' || field.type === 'pdf_viewer'
              ? 'studioDesigner.contentUrl'
              : 'studioDesigner.content',
          )}
          value={field.content ?? ''}
          readOnly={readOnly}
          autosize
          minRows={2}
          onChange={(e) => set({ content: e.currentTarget.value || undefined }, 'content')}
          error={error('content')}
        />
      )}
      <ValidationInputs
        type={field.type}
        validation={field.validation}
        issues={own}
        readOnly={readOnly}
        onChange={(validation, merge) => set({ validation }, merge)}
      />
      <ConditionEditor
        label={t('studioDesigner.visibleWhen')}
        value={field.visible_when}
        fields={earlier}
        readOnly={readOnly}
        onChange={(visible_when) => set({ visible_when })}
      />
      <IssueMessages issues={issuesFor(own, 'visible_when')} />
      <IssueMessages
        issues={(own ?? []).filter(
          (i) => !shown.includes(i.property.split('.')[0] ?? '') || i.property === 'validation',
        )}
      />
    </Stack>
  );
}

// A Record (data_object) field's object type: publishing refuses the field without one, and the
// designer says so under the select (the server's requirement, in the person's language).
function RecordTypeSelect({
  value,
  types,
  readOnly,
  missing,
  onChange,
}: {
  value: string | undefined;
  types: readonly { tag: string; name: string }[];
  readOnly: boolean;
  missing: boolean;
  onChange: (tag: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const data = useMemo(() => {
    const options = types.map((type) => ({ value: type.tag, label: `${type.name} (${type.tag})` }));
    // A type since removed from the package still shows as what the field names.
    if (value && !types.some((type) => type.tag === value)) options.push({ value, label: value });
    return options;
  }, [types, value]);
  return (
    <Select
      label={t('studioDesigner.recordType')}
      description={t(types.length > 0 ? 'studioDesigner.recordTypeHelp' : 'studioDesigner.recordTypeNone')}
      placeholder={t('studioDesigner.recordTypePlaceholder')}
      data={data}
      value={value ?? null}
      searchable
      readOnly={readOnly}
      onChange={(tag) => onChange(tag ?? undefined)}
      error={missing ? t('studioDesigner.recordTypeRequired') : undefined}
    />
  );
}
