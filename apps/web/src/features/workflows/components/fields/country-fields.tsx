import { COUNTRY_CODES } from '@attest/shared';
import { MultiSelect, Select } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { asStringList } from './choice-fields';
import { type ControlProps, inputChrome, LIST_WHEN_OPEN } from './control-props';

// ISO codes shown by their names in the UI language, sorted in that language.
function useCountryData(allowed: readonly string[] | undefined) {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    const collator = new Intl.Collator(i18n.language);
    return (allowed ?? COUNTRY_CODES)
      .map((code) => ({ value: code, label: names.of(code) ?? code }))
      .sort((a, b) => collator.compare(a.label, b.label));
  }, [allowed, i18n.language]);
}

function pick(props: ControlProps, value: unknown) {
  props.onChange(value);
  props.onCommit(value);
}

export function CountryField(props: ControlProps) {
  const { t } = useTranslation();
  const data = useCountryData(props.field.validation?.countries);
  return (
    <Select
      comboboxProps={LIST_WHEN_OPEN}
      {...inputChrome(props.chrome)}
      placeholder={props.readOnly ? undefined : (props.field.placeholder ?? t('fields.chooseCountry'))}
      data={data}
      value={typeof props.value === 'string' ? props.value : null}
      searchable
      clearable={!props.chrome.required}
      nothingFoundMessage={t('fields.noMatch')}
      onChange={(value) => pick(props, value)}
    />
  );
}

export function CountriesField(props: ControlProps) {
  const { t } = useTranslation();
  const data = useCountryData(props.field.validation?.countries);
  return (
    <MultiSelect
      comboboxProps={LIST_WHEN_OPEN}
      {...inputChrome(props.chrome)}
      placeholder={props.readOnly ? undefined : (props.field.placeholder ?? t('fields.chooseCountries'))}
      data={data}
      value={asStringList(props.value)}
      searchable
      clearable
      maxValues={props.field.validation?.max_selections}
      nothingFoundMessage={t('fields.noMatch')}
      onChange={(value) => pick(props, value)}
    />
  );
}
