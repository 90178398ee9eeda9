import { useTranslation } from 'react-i18next';
import { AppSelect } from '../../../components/app-select';
import { useTaskPeople } from '../api/lookups';

type Props = {
  label: string;
  value: number | null;
  onChange: (id: number | null) => void;
  // Someone who cannot be chosen (a person never delegates to themselves).
  excludeId?: number;
  required?: boolean;
  clearable?: boolean;
};

// A person chosen by name (or e-mail) from the tenant's user list, kept by id.
export function PersonSelect({ label, value, onChange, excludeId, required, clearable }: Props) {
  const { t } = useTranslation();
  const people = useTaskPeople(true);
  const data = (people.data ?? [])
    .filter((p) => p.id !== excludeId)
    .map((p) => ({ value: String(p.id), label: p.name || p.email }));
  return (
    <AppSelect
      label={label}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next ? Number(next) : null)}
      searchable
      clearable={clearable}
      required={required}
      loading={people.isLoading}
      placeholder={people.isPending ? t('tasks.people.loading') : t('tasks.people.placeholder')}
      error={people.isError ? t('tasks.people.failed') : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
