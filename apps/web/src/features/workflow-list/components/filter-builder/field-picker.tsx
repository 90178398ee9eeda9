import type { FilterAttribute } from '@attest/shared';
import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { attributeGroup, attributeName } from './attribute-labels';
import { useMenuHeight } from './use-menu-height';

type Props = {
  catalogue: readonly FilterAttribute[];
  value: string;
  error: string | undefined;
  autoFocus?: boolean;
  onChange: (attribute: FilterAttribute) => void;
};

// A searchable list of the kind's attributes, grouped as the catalogue orders them.
export function FieldPicker({ catalogue, value, error, autoFocus, onChange }: Props) {
  const { t } = useTranslation();
  const menuHeight = useMenuHeight();
  const data = useMemo(() => {
    const groups = new Map<string, { value: string; label: string }[]>();
    for (const attribute of catalogue) {
      const group = attributeGroup(t, attribute);
      const items = groups.get(group) ?? [];
      items.push({ value: attribute.path, label: attributeName(t, attribute) });
      groups.set(group, items);
    }
    return [...groups].map(([group, items]) => ({ group, items }));
  }, [catalogue, t]);
  const byPath = useMemo(() => new Map(catalogue.map((a) => [a.path, a])), [catalogue]);
  // A saved filter may name an attribute the kind no longer has: shown as its path, marked invalid.
  const known = value === '' || byPath.has(value);
  return (
    <Select
      label={t('filters.field')}
      placeholder={t('filters.chooseField')}
      data={known ? data : [...data, { group: t('filters.groups.unknown'), items: [value] }]}
      value={value === '' ? null : value}
      searchable
      allowDeselect={false}
      nothingFoundMessage={t('filters.noMatch')}
      maxDropdownHeight={menuHeight}
      comboboxProps={{ keepMounted: false }}
      error={error}
      // Only on mount: the row was just added by the person.
      autoFocus={autoFocus}
      flex="1 1 14rem"
      onChange={(path) => {
        const attribute = path ? byPath.get(path) : undefined;
        if (attribute) onChange(attribute);
      }}
    />
  );
}
