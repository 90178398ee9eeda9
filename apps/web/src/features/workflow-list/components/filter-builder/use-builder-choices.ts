import { COUNTRY_CODES, type ConditionGroup, type FilterAttribute } from '@attest/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePeople } from '../../api/people';
import { choiceSource, type FilterChoices, type FilterOption } from './filter-choices';

// ISO codes by their names in the person's language, sorted in that language.
function useCountryOptions(): FilterOption[] {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    const collator = new Intl.Collator(i18n.language);
    return COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) =>
      collator.compare(a.label, b.label),
    );
  }, [i18n.language]);
}

function namesPerson(group: ConditionGroup, byPath: ReadonlyMap<string, FilterAttribute>): boolean {
  return (
    group.conditions.some((condition) => {
      const attribute = byPath.get(condition.field);
      return attribute !== undefined && choiceSource(attribute) === 'users';
    }) || group.groups.some((child) => namesPerson(child, byPath))
  );
}

// The choices the builder offers: what its host passed, plus the countries and, once a condition
// names a person, the tenant's people (loaded then, not before). Tenant data is shown as named.
export function useBuilderChoices(
  given: FilterChoices | undefined,
  value: ConditionGroup,
  byPath: ReadonlyMap<string, FilterAttribute>,
): FilterChoices {
  const countries = useCountryOptions();
  const wantsPeople = given?.users === undefined && namesPerson(value, byPath);
  const people = usePeople(wantsPeople);
  const peopleData = people.data;
  return useMemo(
    () => ({
      ...given,
      countries: given?.countries ?? countries,
      users:
        given?.users ??
        peopleData?.map((person) => ({
          value: String(person.id),
          label: person.name === person.email ? person.name : `${person.name} (${person.email})`,
        })),
    }),
    [given, countries, peopleData],
  );
}
