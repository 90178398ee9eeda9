import {
  SCHEDULED_EXPORT_DESTINATIONS,
  type ScheduledExport,
  type ScheduledExportDestinationKind,
} from '@attest/shared';
import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveScheduledExport } from '../api/scheduled-exports';
import { DestinationFields } from './destination-fields';
import { DestinationTest } from './destination-test';
import { schedulerErrorText } from './error-text';
import { ReportPicker } from './report-picker';
import { bodyOf, type Draft, draftOf, newDraft } from './scheduled-export-draft';

export type KindChoice = { id: number; name: string };

type Props = {
  item: ScheduledExport | null;
  kinds: readonly KindChoice[];
  // The destination kinds the person may change (spec 2 §6: plain, SFTP, remote storage).
  allowedKinds: readonly ScheduledExportDestinationKind[];
  // 'Can view process report': a report may be exported (the run needs it too).
  mayPickReports: boolean;
  onClose: () => void;
};

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const ZONES: string[] =
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];

// Create or change a scheduled export. Only the destinations the person may change are offered.
export function ScheduledExportForm({ item, kinds, allowedKinds, mayPickReports, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<Draft>(item ? draftOf(item) : newDraft(allowedKinds[0] ?? 'email'));
  const save = useSaveScheduledExport();
  const set = (changes: Partial<Draft>) => setDraft((d) => ({ ...d, ...changes }));
  const weekdayName = (day: number) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2024, 0, day)),
    );
  const keptSecret =
    item !== null && item.destination.kind === draft.kind && item.destination.kind !== 'email';
  const isReport = draft.sourceType === 'report';
  const offerReports = mayPickReports || item?.source.type === 'report';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ id: item?.id ?? null, body: bodyOf(draft) }, { onSuccess: onClose });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      radius="md"
      // Mantine's modal title is the dialog's heading (an h2) already.
      title={t(item ? 'scheduler.form.editTitle' : 'scheduler.form.createTitle')}
      styles={{ title: { fontSize: 'var(--mantine-font-size-lg)', fontWeight: 600 } }}
      closeButtonProps={{ 'aria-label': t('scheduler.form.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('scheduler.form.name')}
            required
            maxLength={200}
            value={draft.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            data-autofocus
          />
          {offerReports ? (
            <Stack gap={4}>
              <Text fz="sm" fw={500} id="scheduler-source-label">
                {t('scheduler.form.source')}
              </Text>
              <SegmentedControl
                aria-labelledby="scheduler-source-label"
                value={draft.sourceType}
                onChange={(type) => set({ sourceType: type as Draft['sourceType'] })}
                data={[
                  { value: 'workflow_list', label: t('scheduler.form.sourceList') },
                  { value: 'report', label: t('scheduler.form.sourceReport') },
                ]}
              />
            </Stack>
          ) : null}
          {isReport ? (
            <ReportPicker value={draft.report} onChange={(report) => set({ report })} />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Select
                label={t('scheduler.form.kind')}
                description={t('scheduler.form.kindHint')}
                required
                searchable
                data={kinds.map((k) => ({ value: String(k.id), label: k.name }))}
                value={draft.kindId}
                onChange={(kindId) => set({ kindId })}
              />
              <Stack gap={4}>
                <Text fz="sm" fw={500} id="scheduler-format-label">
                  {t('scheduler.form.format')}
                </Text>
                <SegmentedControl
                  aria-labelledby="scheduler-format-label"
                  value={draft.format}
                  onChange={(format) => set({ format: format as Draft['format'] })}
                  data={[
                    { value: 'csv', label: 'CSV' },
                    { value: 'xlsx', label: 'XLSX' },
                  ]}
                />
              </Stack>
            </SimpleGrid>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label={t('scheduler.form.frequency')}
              allowDeselect={false}
              data={(['daily', 'weekly', 'monthly'] as const).map((f) => ({
                value: f,
                label: t(`scheduler.frequency.${f}`),
              }))}
              value={draft.frequency}
              onChange={(frequency) => frequency && set({ frequency: frequency as Draft['frequency'] })}
            />
            {draft.frequency === 'weekly' ? (
              <Select
                label={t('scheduler.form.weekday')}
                allowDeselect={false}
                data={WEEKDAYS.map((d) => ({ value: String(d), label: weekdayName(d) }))}
                value={draft.weekday}
                onChange={(weekday) => weekday && set({ weekday })}
              />
            ) : draft.frequency === 'monthly' ? (
              <Select
                label={t('scheduler.form.dayOfMonth')}
                allowDeselect={false}
                data={Array.from({ length: 28 }, (_, i) => String(i + 1))}
                value={draft.dayOfMonth}
                onChange={(dayOfMonth) => dayOfMonth && set({ dayOfMonth })}
              />
            ) : (
              <div />
            )}
            <TextInput
              label={t('scheduler.form.time')}
              type="time"
              required
              value={draft.time}
              onChange={(e) => set({ time: e.currentTarget.value })}
            />
            <Select
              label={t('scheduler.form.timeZone')}
              searchable
              allowDeselect={false}
              data={ZONES.includes(draft.timeZone) ? ZONES : [draft.timeZone, ...ZONES]}
              value={draft.timeZone}
              onChange={(timeZone) => timeZone && set({ timeZone })}
            />
          </SimpleGrid>
          <Stack gap={4}>
            <Text fz="sm" fw={500} id="scheduler-destination-label">
              {t('scheduler.form.destination')}
            </Text>
            <SegmentedControl
              aria-labelledby="scheduler-destination-label"
              value={draft.kind}
              onChange={(kind) => set({ kind: kind as ScheduledExportDestinationKind })}
              data={SCHEDULED_EXPORT_DESTINATIONS.filter((k) => allowedKinds.includes(k)).map((k) => ({
                value: k,
                label: t(`scheduler.destination.${k}`),
              }))}
            />
          </Stack>
          <DestinationFields draft={draft} set={set} keptSecret={keptSecret} />
          <DestinationTest draft={draft} scheduleId={item?.id ?? null} />
          <Switch
            label={t('scheduler.form.enabled')}
            checked={draft.enabled}
            onChange={(e) => set({ enabled: e.currentTarget.checked })}
          />
          {save.error ? (
            <Alert color="red" variant="light" role="alert">
              {schedulerErrorText(t, save.error, 'scheduler.failed')}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('scheduler.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('scheduler.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
