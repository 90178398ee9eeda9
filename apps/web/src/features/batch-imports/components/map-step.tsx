import {
  BATCH_IMPORT_MODES,
  type BatchImport,
  type BatchImportMode,
  IMPORT_ID_KEY,
  IMPORT_MAPPING_NAME_MAX_LENGTH,
  type ImportAttribute,
  type ImportColumn,
  type SavedImportMapping,
  uniqueKeyName,
} from '@attest/shared';
import { Alert, Button, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../../components/user-text';
import { objectTypeQueryOptions } from '../../records';
import { kindFieldsQueryOptions } from '../../workflow-list';
import { useImportRows, useSetImportMapping } from '../api/batch-imports';
import { savedMappingsParams, useDeleteSavedMapping, useSavedMappings } from '../api/saved-mappings';
import { refusalText } from '../lib/refusal-text';
import {
  applySavedMapping,
  initialColumns,
  type KeyOption,
  type TargetField,
  targetFromValue,
  targetOptions,
  targetValue,
} from '../lib/target-options';

const SAMPLE_ROWS = 3;
const RECORD_ATTRIBUTES = (hasRegion: boolean, hasUnit: boolean): ImportAttribute[] => [
  'id',
  ...(hasRegion ? (['region'] as const) : []),
  ...(hasUnit ? (['business_unit'] as const) : []),
];
const WORKFLOW_ATTRIBUTES: ImportAttribute[] = ['id', 'name', 'region', 'business_unit'];

// What the columns may fill, from the type's current definition: a record type's fields and unique
// keys, or a kind's fields.
function useTargetChoices(item: BatchImport) {
  const { t } = useTranslation();
  const tag = item.object_type?.tag ?? '';
  const kindId = item.kind?.id ?? 0;
  const type = useQuery({ ...objectTypeQueryOptions(tag), enabled: item.target === 'records' && tag !== '' });
  const kind = useQuery({
    ...kindFieldsQueryOptions(kindId),
    enabled: item.target === 'workflows' && kindId > 0,
  });
  return useMemo(() => {
    const idKey: KeyOption = { value: IMPORT_ID_KEY, label: t('batchImports.attributes.id') };
    if (item.target === 'records') {
      const definition = type.data?.definition;
      const fields: TargetField[] = definition?.fields ?? [];
      const label = (fieldTag: string) => fields.find((f) => f.tag === fieldTag)?.label ?? fieldTag;
      return {
        pending: type.isPending,
        fields,
        attributes: RECORD_ATTRIBUTES(
          definition?.has_region ?? false,
          definition?.has_business_unit ?? false,
        ),
        keys: [
          idKey,
          ...(definition?.unique_keys ?? []).map((key) => ({
            value: uniqueKeyName(key),
            label: key.map(label).join(' + '),
          })),
        ],
        steps: [] as KeyOption[],
      };
    }
    const fields: TargetField[] = (kind.data?.results ?? []).flatMap((attribute) =>
      attribute.source.kind === 'field'
        ? [{ tag: attribute.source.field_tag, label: attribute.label, type: attribute.source.field_type }]
        : [],
    );
    // The steps a new workflow may start from, in the kind's order, named as their fields' group.
    const steps = new Map<string, string>();
    for (const attribute of kind.data?.results ?? [])
      if (attribute.source.kind === 'step' && !steps.has(attribute.source.step_tag))
        steps.set(attribute.source.step_tag, attribute.group_label ?? attribute.source.step_tag);
    return {
      pending: kind.isPending,
      fields,
      attributes: WORKFLOW_ATTRIBUTES,
      keys: [idKey],
      steps: [...steps].map(([value, label]): KeyOption => ({ value, label })),
    };
  }, [item.target, type.data, type.isPending, kind.data, kind.isPending, t]);
}

type MapStepProps = { item: BatchImport; canPerform: boolean; onMapped: () => void };

// Issue 18: "kept as a reusable mapping". The type's saved mappings fill the column choices by
// header; the chosen one may be deleted.
function SavedMappingPicker({
  item,
  onPick,
}: {
  item: BatchImport;
  onPick: (mapping: SavedImportMapping) => void;
}) {
  const { t } = useTranslation();
  const saved = useSavedMappings(savedMappingsParams(item), true);
  const remove = useDeleteSavedMapping();
  const [chosen, setChosen] = useState<string | null>(null);
  const mappings = saved.data?.results ?? [];
  if (mappings.length === 0) return null;
  return (
    <Group align="flex-end" wrap="wrap">
      <Select
        label={t('batchImports.map.savedMapping')}
        placeholder={t('batchImports.map.savedMappingPlaceholder')}
        data={mappings.map((mapping) => ({ value: String(mapping.id), label: mapping.name }))}
        value={chosen}
        onChange={(value) => {
          setChosen(value);
          const mapping = mappings.find((m) => String(m.id) === value);
          if (mapping) onPick(mapping);
        }}
        searchable
      />
      {chosen !== null && (
        <Button
          variant="subtle"
          color="red"
          loading={remove.isPending}
          onClick={() => {
            const mapping = mappings.find((m) => String(m.id) === chosen);
            if (!mapping) return;
            modals.openConfirmModal({
              title: t('batchImports.map.deleteSavedTitle', { name: mapping.name }),
              children: <Text size="sm">{t('batchImports.map.deleteSavedBody')}</Text>,
              labels: { confirm: t('batchImports.map.deleteSavedConfirm'), cancel: t('batchImports.cancel') },
              confirmProps: { color: 'red' },
              onConfirm: () => remove.mutate(mapping.id, { onSuccess: () => setChosen(null) }),
            });
          }}
        >
          {t('batchImports.map.deleteSaved')}
        </Button>
      )}
    </Group>
  );
}

// Plan §4.2: each column of the file, a few of its values, and what it fills; then how rows meet
// what exists (create, update or upsert by a key). "Check rows" saves it and the server checks
// every row (the preview).
export function MapStep({ item, canPerform, onMapped }: MapStepProps) {
  const { t } = useTranslation();
  const [columns, setColumns] = useState<ImportColumn[]>(() => initialColumns(item));
  const [mode, setMode] = useState<BatchImportMode>(item.mode);
  const [keyName, setKeyName] = useState<string | null>(item.key_name);
  const [startStep, setStartStep] = useState<string | null>(item.start_step_tag);
  const [saveAs, setSaveAs] = useState('');
  const samples = useImportRows(item.id, { limit: SAMPLE_ROWS, offset: 0 });
  const choices = useTargetChoices(item);
  const save = useSetImportMapping(item.id);
  const options = targetOptions(choices.fields, choices.attributes, {
    fields: t('batchImports.map.fieldsGroup'),
    attributes: t('batchImports.map.attributesGroup'),
    attribute: (attribute) => t(`batchImports.attributes.${attribute}`),
  });
  const noneMapped = columns.every((column) => column.target === null);
  const needsKey = mode !== 'create' && !keyName;

  const submit = () => {
    save.mutate(
      {
        columns,
        mode,
        ...(mode === 'create' || !keyName ? {} : { key_name: keyName }),
        ...(item.target === 'workflows' && startStep ? { start_step_tag: startStep } : {}),
        ...(saveAs.trim() ? { save_as: saveAs.trim() } : {}),
      },
      { onSuccess: onMapped },
    );
  };

  return (
    <Stack gap="md">
      <Title order={2} fz="h4">
        {t('batchImports.map.heading')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('batchImports.map.hint')}
      </Text>
      {canPerform && (
        <SavedMappingPicker
          item={item}
          onPick={(mapping) => setColumns((all) => applySavedMapping(all, mapping))}
        />
      )}
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label={t('batchImports.map.tableLabel')} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('batchImports.map.column')}</Table.Th>
                <Table.Th>{t('batchImports.map.samples')}</Table.Th>
                <Table.Th>{t('batchImports.map.fills')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {columns.map((column) => (
                <Table.Tr key={column.index}>
                  <Table.Td fw={500}>
                    <UserText>{column.header}</UserText>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={0}>
                      {(samples.data?.results ?? []).map((row) => (
                        <Text key={row.row_number} size="xs" c="dimmed" lineClamp={1}>
                          <UserText>{row.cells[column.index] ?? ''}</UserText>
                        </Text>
                      ))}
                    </Stack>
                  </Table.Td>
                  <Table.Td miw={220}>
                    <Select
                      aria-label={t('batchImports.map.fillsFor', { column: column.header })}
                      placeholder={t('batchImports.map.skip')}
                      data={options}
                      value={targetValue(column.target)}
                      onChange={(value) =>
                        setColumns((all) =>
                          all.map((c) =>
                            c.index === column.index ? { ...c, target: targetFromValue(value) } : c,
                          ),
                        )
                      }
                      disabled={!canPerform || choices.pending}
                      searchable
                      clearable
                      size="sm"
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('batchImports.map.mode')}
          data={BATCH_IMPORT_MODES.map((value) => ({ value, label: t(`batchImports.modes.${value}`) }))}
          value={mode}
          onChange={(value) => setMode((value as BatchImportMode | null) ?? 'create')}
          allowDeselect={false}
          disabled={!canPerform}
        />
        {mode !== 'create' && (
          <Select
            label={t('batchImports.map.key')}
            description={t('batchImports.map.keyHint')}
            data={choices.keys}
            value={keyName}
            onChange={setKeyName}
            disabled={!canPerform}
            required
          />
        )}
        {item.target === 'workflows' && mode !== 'update' && (
          <Select
            label={t('batchImports.map.startStep')}
            description={t('batchImports.map.startStepHint')}
            placeholder={t('batchImports.map.firstStep')}
            data={choices.steps}
            value={startStep}
            onChange={setStartStep}
            disabled={!canPerform || choices.pending}
            clearable
          />
        )}
      </Group>
      {canPerform && (
        <TextInput
          label={t('batchImports.map.saveAs')}
          description={t('batchImports.map.saveAsHint')}
          value={saveAs}
          onChange={(event) => setSaveAs(event.currentTarget.value)}
          maxLength={IMPORT_MAPPING_NAME_MAX_LENGTH}
          maw={420}
        />
      )}
      {save.isError && (
        <Alert color="red" role="alert" title={t('batchImports.map.refused')}>
          {refusalText(t, save.error)}
        </Alert>
      )}
      {canPerform && (
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending} disabled={noneMapped || needsKey}>
            {t('batchImports.map.check')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
