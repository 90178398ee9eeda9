import { flattenSteps, isAnswerable, LC_FIELD_COUNT, type WorkflowDefinition } from '@attest/shared';
import { MultiSelect, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type DesignerIssue, issuesFor } from '../model/validation';
import { useDesignerContext } from './designer-context';

// Issue 15: the fields the kind's list items show (lc_data) and the field its lists are sorted by.
export const LIST_SETTING_PROPERTIES = ['list_columns', 'sorting_field'];

export function ListSettings({
  definition,
  issues,
}: {
  definition: WorkflowDefinition;
  issues: readonly DesignerIssue[] | undefined;
}) {
  const { t } = useTranslation();
  const { dispatch, readOnly } = useDesignerContext();
  const fields = flattenSteps(definition)
    .flatMap((step) => step.fields)
    .filter((field) => isAnswerable(field.type))
    .map((field) => ({ value: field.tag, label: field.label || field.tag }));
  const known = new Set(fields.map((f) => f.value));
  // A tag that names no field any more stays listed, so it can be seen and removed.
  const data = (tags: readonly string[]) => [
    ...fields,
    ...tags.filter((tag) => !known.has(tag)).map((tag) => ({ value: tag, label: tag })),
  ];
  const set = (patch: Partial<Pick<WorkflowDefinition, 'list_columns' | 'sorting_field'>>) =>
    dispatch({ type: 'command', command: { type: 'setListSettings', patch } });
  const columns = definition.list_columns ?? [];
  const sorting = definition.sorting_field;
  return (
    <>
      <MultiSelect
        label={t('studioDesigner.listColumns')}
        description={t('studioDesigner.listColumnsHelp', { count: LC_FIELD_COUNT })}
        data={data(columns)}
        value={columns}
        maxValues={LC_FIELD_COUNT}
        searchable
        readOnly={readOnly}
        onChange={(value) => set({ list_columns: value })}
        error={
          issuesFor(issues, 'list_columns')
            .map((i) => i.message)
            .join(' ') || undefined
        }
      />
      <Select
        label={t('studioDesigner.sortingField')}
        description={t('studioDesigner.sortingFieldHelp')}
        data={data(sorting === undefined ? [] : [sorting])}
        value={sorting ?? null}
        clearable
        searchable
        readOnly={readOnly}
        onChange={(value) => set({ sorting_field: value ?? undefined })}
        error={issuesFor(issues, 'sorting_field')[0]?.message}
      />
    </>
  );
}
