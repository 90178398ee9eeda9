import { HttpError, type ObjectRelation, RECORD_ERROR_CODES } from '@attest/shared';
import { Alert, Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../components/user-text';
import { useLinkRecord, useRecordSearch } from '../api/record-links';
import { refusalText } from '../lib/refusal-text';

// A relation a person links by hand: one to an object type (a relation to a workflow kind is filled
// by that kind's answers).
export type LinkableRelation = ObjectRelation & { target: { object_type_tag: string } };

export const linkableRelations = (relations: readonly ObjectRelation[]): LinkableRelation[] =>
  relations.filter((r): r is LinkableRelation => 'object_type_tag' in r.target);

// The link refusals, by code; one naming the relation gets its label.
const LINK_REFUSALS: Record<string, string> = {
  [RECORD_ERROR_CODES.linkExists]: 'records.relatedRecords.errors.linkExists',
  [RECORD_ERROR_CODES.linkToSelf]: 'records.relatedRecords.errors.linkToSelf',
  [RECORD_ERROR_CODES.linkTargetNotFound]: 'records.relatedRecords.errors.targetNotFound',
  [RECORD_ERROR_CODES.linkTargetArchived]: 'records.relatedRecords.errors.targetArchived',
  [RECORD_ERROR_CODES.linkTargetMismatch]: 'records.relatedRecords.errors.targetMismatch',
  [RECORD_ERROR_CODES.relationTaken]: 'records.relatedRecords.errors.relationTaken',
};

export function linkRefusalText(t: TFunction, error: unknown, relationLabel: string): string {
  const key = error instanceof HttpError && error.code ? LINK_REFUSALS[error.code] : undefined;
  return key ? t(key, { relation: isolate(relationLabel) }) : refusalText(t, error);
}

type LinkRecordDialogProps = {
  tag: string;
  recordId: number;
  relations: LinkableRelation[];
  opened: boolean;
  onClose: () => void;
};

// "Link a record": a relation of the record's type, then a record of its target type, searched by
// title on the server as the person types.
export function LinkRecordDialog({ tag, recordId, relations, opened, onClose }: LinkRecordDialogProps) {
  const { t } = useTranslation();
  const [relationTag, setRelationTag] = useState<string | null>(relations[0]?.tag ?? null);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const relation = relations.find((r) => r.tag === relationTag) ?? null;
  const found = useRecordSearch(relation?.target.object_type_tag ?? null, q);
  const link = useLinkRecord(tag, recordId);
  const options = (found.data?.results ?? []).map((r) => ({ value: String(r.id), label: r.title }));
  // The chosen record stays an option while the search text moves on.
  if (chosen && !options.some((o) => o.value === chosen.value)) options.unshift(chosen);

  const close = () => {
    link.reset();
    setChosen(null);
    setSearch('');
    onClose();
  };

  const submit = () => {
    if (!relation || !chosen) return;
    link.mutate({ relation_tag: relation.tag, record_id: Number(chosen.value) }, { onSuccess: close });
  };

  return (
    <Modal opened={opened} onClose={close} title={t('records.relatedRecords.linkTitle')}>
      <Stack gap="md">
        <Select
          label={t('records.relatedRecords.relation')}
          data={relations.map((r) => ({ value: r.tag, label: r.label }))}
          value={relationTag}
          onChange={(value) => {
            setRelationTag(value);
            setChosen(null);
            setSearch('');
            link.reset();
          }}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('records.relatedRecords.record')}
          placeholder={t('records.relatedRecords.recordPlaceholder')}
          data={options}
          value={chosen?.value ?? null}
          onChange={(value, option) => {
            setChosen(value === null || option === null ? null : { value, label: option.label });
            link.reset();
          }}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          // The server searches; every option it answers is a match.
          filter={({ options: all }) => all}
          nothingFoundMessage={
            found.isFetching ? t('records.loading') : t('records.relatedRecords.nothingFound')
          }
          disabled={relation === null}
          comboboxProps={{ withinPortal: true }}
        />
        {link.error && (
          <Alert color="red" role="alert" py={6}>
            {linkRefusalText(t, link.error, relation?.label ?? '')}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('records.form.cancel')}
          </Button>
          <Button onClick={submit} disabled={!relation || !chosen} loading={link.isPending}>
            {t('records.relatedRecords.linkButton')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
