import { BADGE_TAG_MAX_LENGTH, MAX_BADGE_TAGS } from '@attest/shared';
import { Checkbox, Group, MultiSelect, Radio, Select, Stack, TagsInput, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type ControlProps, describedBy, inputChrome, LIST_WHEN_OPEN } from './control-props';

export const asStringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

const asChoice = (value: unknown): string | null => (typeof value === 'string' ? value : null);

// A pick is a finished answer: it is shown and saved at once.
function pick(props: ControlProps, value: unknown) {
  props.onChange(value);
  props.onCommit(value);
}

const optionData = (props: ControlProps) =>
  (props.field.options ?? []).map((option) => ({ value: option.value, label: option.label }));

export function SelectField(props: ControlProps) {
  const { t } = useTranslation();
  return (
    <Select
      comboboxProps={LIST_WHEN_OPEN}
      {...inputChrome(props.chrome)}
      placeholder={props.readOnly ? undefined : (props.field.placeholder ?? t('fields.choose'))}
      data={optionData(props)}
      value={asChoice(props.value)}
      searchable
      clearable={!props.chrome.required}
      nothingFoundMessage={t('fields.noMatch')}
      onChange={(value) => pick(props, value)}
    />
  );
}

export function MultiSelectField(props: ControlProps) {
  const { t } = useTranslation();
  return (
    <MultiSelect
      comboboxProps={LIST_WHEN_OPEN}
      {...inputChrome(props.chrome)}
      placeholder={props.readOnly ? undefined : (props.field.placeholder ?? t('fields.chooseMany'))}
      data={optionData(props)}
      value={asStringList(props.value)}
      searchable
      clearable
      maxValues={props.field.validation?.max_selections}
      nothingFoundMessage={t('fields.noMatch')}
      onChange={(value) => pick(props, value)}
    />
  );
}

export function RadioField(props: ControlProps) {
  return (
    <Radio.Group
      {...inputChrome(props.chrome)}
      value={asChoice(props.value) ?? ''}
      onChange={(value) => pick(props, value)}
    >
      <Stack gap="xs" mt={6}>
        {optionData(props).map((option) => (
          <Radio key={option.value} value={option.value} label={option.label} disabled={props.readOnly} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

// Yes or no, stored as a boolean.
export function BoolField(props: ControlProps) {
  const { t } = useTranslation();
  const value = props.value === true ? 'yes' : props.value === false ? 'no' : '';
  return (
    <Radio.Group
      {...inputChrome(props.chrome)}
      value={value}
      onChange={(next) => pick(props, next === 'yes')}
    >
      <Group gap="lg" mt={6}>
        <Radio value="yes" label={t('fields.yes')} disabled={props.readOnly} />
        <Radio value="no" label={t('fields.no')} disabled={props.readOnly} />
      </Group>
    </Radio.Group>
  );
}

// A single box: the label is the box's own (a consent or a confirmation).
export function CheckboxField(props: ControlProps) {
  const { chrome } = props;
  const mark = (
    <Text span c="red" aria-hidden>
      {' *'}
    </Text>
  );
  return (
    <Checkbox
      id={chrome.id}
      // In a table cell the column heading shows the name; the box keeps it for screen readers.
      aria-label={chrome.hideLabel ? chrome.label : undefined}
      label={
        chrome.hideLabel ? undefined : chrome.required ? (
          <>
            {chrome.label}
            {mark}
          </>
        ) : (
          chrome.label
        )
      }
      description={chrome.description}
      error={chrome.error}
      required={chrome.required}
      aria-describedby={describedBy(chrome)}
      checked={props.value === true}
      disabled={props.readOnly}
      onChange={(event) => pick(props, event.currentTarget.checked)}
    />
  );
}

// grouped_checkbox: the options under their group headings.
export function GroupedCheckboxField(props: ControlProps) {
  const options = props.field.options ?? [];
  const groups = [...new Set(options.map((option) => option.group ?? ''))];
  return (
    <Checkbox.Group
      {...inputChrome(props.chrome)}
      value={asStringList(props.value)}
      onChange={(value) => pick(props, value)}
    >
      <Stack gap="sm" mt={6}>
        {groups.map((group) => (
          <Stack key={group} gap={6}>
            {group ? (
              <Text size="sm" fw={600}>
                {group}
              </Text>
            ) : null}
            {options
              .filter((option) => (option.group ?? '') === group)
              .map((option) => (
                <Checkbox
                  key={option.value}
                  value={option.value}
                  label={option.label}
                  disabled={props.readOnly}
                />
              ))}
          </Stack>
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

// Free tags, or the definition's options when it lists them.
export function BadgeTagsField(props: ControlProps) {
  const { t } = useTranslation();
  return (
    <TagsInput
      comboboxProps={LIST_WHEN_OPEN}
      {...inputChrome(props.chrome)}
      placeholder={props.readOnly ? undefined : (props.field.placeholder ?? t('fields.addTag'))}
      data={optionData(props).map((option) => option.value)}
      value={asStringList(props.value)}
      maxTags={props.field.validation?.max_selections ?? MAX_BADGE_TAGS}
      maxLength={BADGE_TAG_MAX_LENGTH}
      clearable
      onChange={(value) => pick(props, value)}
    />
  );
}
