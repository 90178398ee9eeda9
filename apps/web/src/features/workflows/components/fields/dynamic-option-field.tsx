import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDynamicOptions } from '../../api/dynamic-options';
import { type ControlProps, inputChrome, LIST_WHEN_OPEN } from './control-props';

// region, business_unit, owner and user_workflow: the record is chosen from the workflow's dynamic
// list of values (spec 1 §7) and stored by its numeric id.
export function DynamicOptionField(props: ControlProps) {
  const { t } = useTranslation();
  const options = useDynamicOptions(props.workflowId, props.field.tag);
  const value =
    typeof props.value === 'number' || typeof props.value === 'string' ? String(props.value) : null;
  const data = options.data?.results ?? [];
  // The stored record stays readable while the list loads or if it is no longer offered.
  const withCurrent =
    value && !data.some((option) => option.value === value) ? [...data, { value, label: value }] : data;
  return (
    <Select
      comboboxProps={LIST_WHEN_OPEN}
      {...inputChrome(props.chrome)}
      placeholder={
        props.readOnly
          ? undefined
          : options.isPending
            ? t('fields.loadingChoices')
            : (props.field.placeholder ?? t('fields.choose'))
      }
      data={withCurrent}
      value={value}
      searchable
      clearable={!props.chrome.required}
      nothingFoundMessage={t('fields.noMatch')}
      error={props.chrome.error ?? (options.isError ? t('fields.choicesFailed') : undefined)}
      onChange={(next) => {
        const id = next === null ? null : Number(next);
        props.onChange(id);
        props.onCommit(id);
      }}
    />
  );
}
