import { Anchor, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserText } from '../../../../components/user-text';
import { usePermissions } from '../../../auth';
import { useRecordOptions } from '../../api/record-options';
import { workflowQueryOptions } from '../../api/workflow-queries';
import { type ControlProps, inputChrome, LIST_WHEN_OPEN } from './control-props';
import { FieldWrapper } from './field-wrapper';

const SEARCH_DEBOUNCE_MS = 250;

type Chosen = { id: number; title: string | null; visible: boolean };

const answerId = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

// The record a data_object answer names, with its title: the workflow's detail carries the titles
// of its answered records (answer_records); a record just picked here is known by its option.
function useChosenRecord({ field, value, workflowId }: ControlProps, picked: Chosen | null): Chosen | null {
  const id = answerId(value);
  const detail = useQuery({ ...workflowQueryOptions(workflowId), enabled: false });
  if (id === null) return null;
  if (picked?.id === id) return picked;
  const known = detail.data?.answer_records?.[field.tag];
  return known?.id === id ? known : { id, title: null, visible: false };
}

// The chosen record as a link to its page, or its number when the person may not see it. Whoever
// fills the form sees the titles of the records they may pick; only those who may view records get
// a link to the record's page.
export function RecordLink({ tag, record }: { tag: string | undefined; record: Chosen }) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  if (!record.visible || record.title === null || tag === undefined) {
    return (
      <Text fz="sm" c="dimmed">
        {t('fields.record.hidden', { id: record.id })}
      </Text>
    );
  }
  if (!can('can_view_records')) {
    return (
      <Text span fz="sm" fw={500}>
        <UserText>{record.title}</UserText>
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={`/records/${tag}/${record.id}`} fz="sm" fw={500}>
      <UserText>{record.title}</UserText>
    </Anchor>
  );
}

// A read-only data_object answer: the record's title, linked to its page.
export function ReadOnlyRecord(props: ControlProps) {
  const { t } = useTranslation();
  const chosen = useChosenRecord(props, null);
  return (
    <FieldWrapper chrome={{ ...props.chrome, required: false }}>
      <Text component="div" data-read-only-value fz="sm" mt={4}>
        {chosen ? (
          <RecordLink tag={props.field.object_type_tag} record={chosen} />
        ) : (
          <Text span c="dimmed" fz="sm">
            {t('fields.noAnswer')}
          </Text>
        )}
      </Text>
    </FieldWrapper>
  );
}

// A data_object field (issue 18, plan §7): a record of the field's object type, searched by title
// on the server as the person types (debounced); the answer is the record's id. The chosen record
// shows below as a link to its page.
export function RecordPickerField(props: ControlProps) {
  const { t } = useTranslation();
  const { field, chrome } = props;
  const tag = field.object_type_tag;
  const [picked, setPicked] = useState<Chosen | null>(null);
  const chosen = useChosenRecord(props, picked);
  const chosenLabel = chosen ? (chosen.title ?? t('fields.record.hidden', { id: chosen.id })) : '';
  // The input shows the chosen record's title until the person types.
  const [search, setSearch] = useState(chosenLabel);
  const [opened, setOpened] = useState(false);
  const [q] = useDebouncedValue(search === chosenLabel ? '' : search.trim(), SEARCH_DEBOUNCE_MS);
  const found = useRecordOptions(tag, q, opened);
  if (props.readOnly) return <ReadOnlyRecord {...props} />;

  const options = (found.data?.results ?? []).map((r) => ({ value: String(r.id), label: r.title }));
  // The chosen record stays an option while the search moves on.
  if (chosen && !options.some((o) => o.value === String(chosen.id))) {
    options.unshift({ value: String(chosen.id), label: chosenLabel });
  }
  return (
    <Stack gap={4}>
      <Select
        {...inputChrome(chrome)}
        placeholder={t('fields.record.placeholder')}
        data={options}
        value={chosen ? String(chosen.id) : null}
        onChange={(next, option) => {
          const id = next === null || option === null ? null : Number(next);
          setPicked(id === null ? null : { id, title: option?.label ?? null, visible: true });
          setSearch(id === null ? '' : (option?.label ?? ''));
          props.onChange(id);
          props.onCommit(id);
        }}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        onDropdownOpen={() => setOpened(true)}
        // The server searches; every option it answers is a match.
        filter={({ options: all }) => all}
        nothingFoundMessage={
          found.isFetching ? t('fields.record.searching') : t('fields.record.nothingFound')
        }
        clearable={!chrome.required}
        comboboxProps={LIST_WHEN_OPEN}
      />
      {chosen ? <RecordLink tag={tag} record={chosen} /> : null}
    </Stack>
  );
}
