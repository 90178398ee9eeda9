import {
  type ComboboxParsedItem,
  defaultOptionsFilter,
  isOptionsGroup,
  Loader,
  MultiSelect,
  type MultiSelectProps,
  type OptionsFilter,
  Select,
  type SelectProps,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

// Spec 2 §2.9: a select's popup is at most 237 px high.
export const SELECT_MAX_DROPDOWN_HEIGHT = 237;
// Spec 2 §8: past 50 options the list asks for a search term ("50+ options available").
export const SELECT_NARROW_LIMIT = 50;

type EmptyInput = { loading: boolean; search: string };

// Spec 2 §8, the select's empty texts: loading, then a typed term that matched nothing, then no items.
export function selectEmptyText(t: TFunction, { loading, search }: EmptyInput): string {
  if (loading) return t('widgets.select.loading');
  if (search.trim() !== '') return t('widgets.select.noMatches');
  return t('widgets.select.noItems');
}

// With no term typed and more than 50 options, the first 50 show under a heading that asks to type:
// a long list (people, kinds, units) is found by name, and the popup stays quick to open.
export function narrowingFilter(hint: ReactNode): OptionsFilter {
  return (input) => {
    const found = defaultOptionsFilter(input) as ComboboxParsedItem[];
    if (input.search.trim() !== '' || found.length <= SELECT_NARROW_LIMIT || found.some(isOptionsGroup)) {
      return found;
    }
    const first = found.slice(0, SELECT_NARROW_LIMIT).filter((item) => !isOptionsGroup(item));
    return [{ group: hint, items: first } as ComboboxParsedItem];
  };
}

type StateProps = {
  // The options are on their way: a spinner, "Loading options" in the popup and aria-busy.
  loading?: boolean;
};

export type AppSelectProps = Omit<SelectProps, 'nothingFoundMessage'> & StateProps;
export type AppMultiSelectProps = Omit<MultiSelectProps, 'nothingFoundMessage'> & StateProps;

function useSelectState(props: StateProps & { searchable?: boolean; onSearchChange?: (s: string) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const loading = props.loading ?? false;
  return {
    nothingFoundMessage: selectEmptyText(t, { loading, search }),
    onSearchChange: (next: string) => {
      setSearch(next);
      props.onSearchChange?.(next);
    },
    filter: props.searchable
      ? narrowingFilter(t('widgets.select.narrowDown', { limit: SELECT_NARROW_LIMIT }))
      : undefined,
    loadingSection: loading ? <Loader size="xs" aria-hidden /> : undefined,
    ariaBusy: loading || undefined,
  };
}

// Spec 2 §2.9 Select (single): Mantine's Select with the product's states (loading, error,
// disabled), popup height and empty texts. `error` and `disabled` are Mantine's own props.
export function AppSelect({ loading, rightSection, filter, ...props }: AppSelectProps) {
  const state = useSelectState({
    loading,
    searchable: props.searchable,
    onSearchChange: props.onSearchChange,
  });
  return (
    <Select
      maxDropdownHeight={SELECT_MAX_DROPDOWN_HEIGHT}
      {...props}
      filter={filter ?? state.filter}
      onSearchChange={state.onSearchChange}
      nothingFoundMessage={state.nothingFoundMessage}
      rightSection={state.loadingSection ?? rightSection}
      aria-busy={state.ariaBusy}
    />
  );
}

// Spec 2 §2.9 Select (multiple): the same states over Mantine's MultiSelect.
export function AppMultiSelect({ loading, rightSection, filter, ...props }: AppMultiSelectProps) {
  const state = useSelectState({
    loading,
    searchable: props.searchable,
    onSearchChange: props.onSearchChange,
  });
  return (
    <MultiSelect
      maxDropdownHeight={SELECT_MAX_DROPDOWN_HEIGHT}
      {...props}
      filter={filter ?? state.filter}
      onSearchChange={state.onSearchChange}
      nothingFoundMessage={state.nothingFoundMessage}
      rightSection={state.loadingSection ?? rightSection}
      aria-busy={state.ariaBusy}
    />
  );
}
