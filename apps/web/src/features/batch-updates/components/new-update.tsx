import { CreateBatchUpdateRequestSchema, MAX_BATCH_UPDATE_ANSWERS } from '@attest/shared';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AppSelect } from '../../../components/app-select';
import { useCreateBatchUpdate } from '../api/batch-updates';
import { buildCreateRequest, type ChangeForm, emptyChangeForm, NO_UNIT } from '../lib/change-request';
import type { NewUpdateSelection } from '../lib/new-update-path';
import { refusalText } from '../lib/refusal-text';
import { AnswerChangeRow } from './answer-change-row';
import { type ChosenIdsFile, IdsFilePicker } from './ids-file-picker';
import { usePlaceNames } from './use-place-names';
import { useSelection } from './use-selection';

// /batch-update/new (plan §7): the dashboard's (or a records list's) filters are the selection, or a
// file of ids the person uploads; the person chooses the change, then Preview makes the update (the
// server freezes the selection into items).
export function NewUpdate({ selection }: { selection: NewUpdateSelection }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [form, setForm] = useState<ChangeForm>(emptyChangeForm);
  const [problem, setProblem] = useState<string | null>(null);
  const nextKey = useRef(1);
  const create = useCreateBatchUpdate();
  const places = usePlaceNames();
  const source = useSelection(selection);
  const [idsFile, setIdsFile] = useState<ChosenIdsFile | null>(null);
  const answerFields = source.answerFields ?? [];
  const records = selection.target === 'records';
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);

  const regionId = form.regionId ? Number(form.regionId) : null;
  const units = (places.units.data ?? []).filter((unit) => regionId === null || unit.region_id === regionId);
  const taken = new Set(form.answers.map((row) => row.field).filter(Boolean));

  const preview = () => {
    setProblem(null);
    const request = buildCreateRequest(selection, form, idsFile?.key ?? null);
    // The shared rule first: nothing is sent without a change.
    if (!CreateBatchUpdateRequestSchema.safeParse(request).success) {
      setProblem(t('batchUpdates.errors.noChange'));
      return;
    }
    create.mutate(request, {
      onSuccess: (update) => navigate(`/batch-update/${update.id}`, { replace: true }),
      onError: (error) => setProblem(refusalText(t, error)),
    });
  };

  const count = source.count;
  const countText = idsFile
    ? t('batchUpdates.idsFile.selected', { formatted: number(idsFile.count) })
    : count
      ? t(
          records
            ? 'batchUpdates.new.selectedRecords'
            : count.estimate
              ? 'batchUpdates.new.selectedAbout'
              : 'batchUpdates.new.selected',
          { formatted: number(count.value) },
        )
      : t(records ? 'batchUpdates.new.countingRecords' : 'batchUpdates.new.counting');
  return (
    <Stack gap="md" p="lg" maw={960}>
      <div>
        <Title order={1} fz="h2">
          {t('batchUpdates.new.title')}
        </Title>
        <Group gap="xs" aria-live="polite">
          <Text c="dimmed" size="sm">
            {countText}
          </Text>
          <Anchor component={Link} to={source.listPath} size="sm">
            {t('batchUpdates.new.changeFilters')}
          </Anchor>
        </Group>
      </div>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="batch-update-change">
        <Stack gap="md">
          <Title order={2} fz="h4" id="batch-update-change">
            {t('batchUpdates.new.changeHeading')}
          </Title>
          <Group gap="md" align="flex-end" wrap="wrap">
            {source.hasRegion && (
              <AppSelect
                loading={places.regions.isLoading}
                label={t('batchUpdates.change.region')}
                placeholder={t('batchUpdates.change.keep')}
                searchable
                clearable
                w={260}
                data={(places.regions.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
                value={form.regionId || null}
                onChange={(value) =>
                  setForm((current) => ({
                    ...current,
                    regionId: value ?? '',
                    // A unit chosen for another region would be refused.
                    businessUnitId: current.businessUnitId === NO_UNIT ? NO_UNIT : '',
                  }))
                }
              />
            )}
            {source.hasBusinessUnit && (
              <AppSelect
                loading={places.units.isLoading}
                label={t('batchUpdates.change.businessUnit')}
                placeholder={t(
                  form.regionId ? 'batchUpdates.change.noneInNewRegion' : 'batchUpdates.change.keep',
                )}
                // The server's rule: a new region without a unit takes the old unit away.
                description={
                  form.regionId && !form.businessUnitId
                    ? t(
                        records
                          ? 'batchUpdates.change.unitWithRegionRecord'
                          : 'batchUpdates.change.unitWithRegion',
                      )
                    : undefined
                }
                searchable
                clearable
                w={260}
                data={[
                  { value: NO_UNIT, label: t('batchUpdates.change.noBusinessUnit') },
                  ...units.map((u) => ({ value: String(u.id), label: u.name })),
                ]}
                value={form.businessUnitId || null}
                onChange={(value) => setForm((current) => ({ ...current, businessUnitId: value ?? '' }))}
              />
            )}
          </Group>

          {source.answerFields === null ? (
            <Text size="sm" c="dimmed">
              {t('batchUpdates.new.answersNeedKind')}
            </Text>
          ) : (
            <Stack gap="sm">
              {records && answerFields.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('batchUpdates.new.noRecordFields')}
                </Text>
              )}
              {form.answers.map((row, index) => (
                <AnswerChangeRow
                  key={row.key}
                  index={index}
                  row={row}
                  fields={answerFields}
                  taken={taken}
                  onChange={(next) =>
                    setForm((current) => ({
                      ...current,
                      answers: current.answers.map((r) => (r.key === row.key ? next : r)),
                    }))
                  }
                  onRemove={() =>
                    setForm((current) => ({
                      ...current,
                      answers: current.answers.filter((r) => r.key !== row.key),
                    }))
                  }
                />
              ))}
              <Group>
                <Button
                  variant="subtle"
                  leftSection={<IconPlus size={16} aria-hidden />}
                  disabled={form.answers.length >= MAX_BATCH_UPDATE_ANSWERS || answerFields.length === 0}
                  onClick={() => {
                    const key = nextKey.current;
                    nextKey.current += 1;
                    setForm((current) => ({
                      ...current,
                      answers: [...current.answers, { key, field: '', value: undefined, clear: false }],
                    }));
                  }}
                >
                  {t('batchUpdates.change.addAnswer')}
                </Button>
              </Group>
            </Stack>
          )}
        </Stack>
      </Paper>

      <IdsFilePicker value={idsFile} onChange={setIdsFile} />

      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button component={Link} to="/batch-updates" variant="default">
          {t('batchUpdates.new.cancel')}
        </Button>
        <Button leftSection={<IconEye size={16} aria-hidden />} loading={create.isPending} onClick={preview}>
          {t('batchUpdates.new.preview')}
        </Button>
      </Group>
    </Stack>
  );
}
