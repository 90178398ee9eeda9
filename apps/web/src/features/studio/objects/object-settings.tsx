import { isOneOf, MAX_OBJECT_LIST_COLUMNS, TITLE_FIELD_TYPES } from '@attest/shared';
import { Checkbox, MultiSelect, Paper, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IssueMessages } from '../designer/components/issue-messages';
import { type DesignerIssue, issuesFor } from '../designer/model/validation';
import type { ObjectDraft } from './object-model';

type Props = {
  draft: ObjectDraft;
  issues: readonly DesignerIssue[];
  readOnly: boolean;
  onChange: (edit: (draft: ObjectDraft) => ObjectDraft) => void;
};

// The object type's own settings: name, tag (fixed once created), description, the record's title
// field and list columns, and whether records sit in a region and business unit.
export function ObjectSettings({ draft, issues, readOnly, onChange }: Props) {
  const { t } = useTranslation();
  const error = (property: string) => issuesFor(issues, property)[0]?.message;
  const titleChoices = draft.fields
    .filter((f) => isOneOf(f.type, TITLE_FIELD_TYPES))
    .map((f) => ({ value: f.tag, label: f.label || f.tag }));
  const fieldChoices = draft.fields.map((f) => ({ value: f.tag, label: f.label || f.tag }));
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('studio.objects.settings')}
        </Title>
        <TextInput
          label={t('studio.objects.name')}
          value={draft.name}
          readOnly={readOnly}
          onChange={(e) => {
            const name = e.currentTarget.value;
            onChange((d) => ({ ...d, name }));
          }}
          error={error('name')}
        />
        <TextInput
          dir="ltr"
          label={t('studio.objects.tag')}
          description={t('studio.objects.tagFixed')}
          value={draft.tag}
          readOnly
          error={error('tag')}
        />
        <Textarea
          label={t('studio.objects.description')}
          value={draft.description ?? ''}
          readOnly={readOnly}
          autosize
          minRows={1}
          onChange={(e) => {
            const description = e.currentTarget.value;
            onChange(({ description: _old, ...d }) => (description ? { ...d, description } : d));
          }}
          error={error('description')}
        />
        <Select
          label={t('studio.objects.titleField')}
          description={t('studio.objects.titleFieldHelp')}
          data={titleChoices}
          value={titleChoices.some((c) => c.value === draft.title_field) ? draft.title_field : null}
          allowDeselect={false}
          readOnly={readOnly}
          onChange={(tag) => tag && onChange((d) => ({ ...d, title_field: tag }))}
          error={error('title_field')}
        />
        <MultiSelect
          label={t('studio.objects.listColumns')}
          description={t('studio.objects.listColumnsHelp', { count: MAX_OBJECT_LIST_COLUMNS })}
          data={fieldChoices}
          value={draft.list_columns ?? []}
          maxValues={MAX_OBJECT_LIST_COLUMNS}
          readOnly={readOnly}
          onChange={(tags) =>
            onChange(({ list_columns: _old, ...d }) => (tags.length > 0 ? { ...d, list_columns: tags } : d))
          }
          error={error('list_columns')}
        />
        <Checkbox
          label={t('studio.objects.hasRegion')}
          description={t('studio.objects.hasRegionHelp')}
          checked={draft.has_region}
          disabled={readOnly}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            // A business unit sits inside a region: without a region there is no unit either.
            onChange((d) => ({ ...d, has_region: on, has_business_unit: on && d.has_business_unit }));
          }}
        />
        <Checkbox
          label={t('studio.objects.hasBusinessUnit')}
          description={t('studio.objects.hasBusinessUnitHelp')}
          checked={draft.has_business_unit}
          disabled={readOnly}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            onChange((d) => ({ ...d, has_business_unit: on }));
          }}
          error={error('has_business_unit')}
        />
        <IssueMessages
          issues={issues.filter(
            (i) =>
              !['name', 'tag', 'description', 'title_field', 'list_columns', 'has_business_unit'].includes(
                i.property.split('.')[0] ?? '',
              ) &&
              !i.property.startsWith('unique_keys') &&
              !i.property.startsWith('relations'),
          )}
        />
      </Stack>
    </Paper>
  );
}
