import {
  AGGREGATIONS,
  CHART_TYPES,
  DATE_GROUPINGS,
  HttpError,
  parseReportConfig,
  REPORT_KINDS,
  REPORT_NAME_MAX_LENGTH,
  type ReportConfig,
  type ReportResult,
} from '@attest/shared';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconChevronLeft, IconEye } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCreateReport, usePreviewReport, useReport, useUpdateReport } from '../api/reports';
import { useReportWorkflowKinds } from '../api/workflow-kinds';
import {
  type BuilderForm,
  type BuilderLabels,
  configOfForm,
  EMPTY_FORM,
  formOfConfig,
  GROUP_BY_MAX,
  GROUPABLE_ATTRIBUTES,
  isDateAttribute,
  MEASURABLE_ATTRIBUTES,
} from '../lib/builder-form';
import { reportErrorText } from '../lib/error-text';
import { NotFoundNote } from './not-found-note';
import { ReportsPageHeader } from './page-header';
import { ReportDataTable } from './report-data-table';

export type ReportBuilderPageProps = {
  // The dashboard a new report joins (null: a report standing alone) or the edited report's.
  dashboardId: number | null;
  // null: a new report.
  reportId: number | null;
};

// Spec 2 §2.1 report/new and report/{id}/edit. This first builder chooses the name, kind, chart
// type, group-by attributes and one aggregation; the full builder of §3.7 comes next.
export function ReportBuilderPage({ dashboardId, reportId }: ReportBuilderPageProps) {
  const { t } = useTranslation();
  const report = useReport(reportId);
  if (reportId !== null) {
    if (report.error instanceof HttpError && report.error.status === 404) return <NotFoundNote />;
    if (!report.data) {
      return (
        <Center py="xl">
          <Loader aria-label={t('reports.view.loading')} />
        </Center>
      );
    }
  }
  const stored = report.data ? parseReportConfig(report.data.config) : null;
  const initial =
    report.data && stored
      ? formOfConfig(report.data.name, stored)
      : { ...EMPTY_FORM, name: report.data?.name ?? '' };
  return (
    <ReportForm
      key={report.data?.updated_at ?? 'new'}
      initial={initial}
      base={stored}
      storedInvalid={Boolean(report.data) && stored === null}
      dashboardId={report.data ? report.data.dashboard_id : dashboardId}
      reportId={reportId}
    />
  );
}

type BuilderFormProps = {
  initial: BuilderForm;
  // The stored configuration an edit starts from (null: a new report or an unreadable one).
  base: ReportConfig | null;
  storedInvalid: boolean;
  dashboardId: number | null;
  reportId: number | null;
};

function ReportForm({ initial, base, storedInvalid, dashboardId, reportId }: BuilderFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form, setForm] = useState<BuilderForm>(initial);
  const [preview, setPreview] = useState<ReportResult | null>(null);
  const kinds = useReportWorkflowKinds();
  const create = useCreateReport();
  const update = useUpdateReport();
  const previewCall = usePreviewReport();
  const save = reportId === null ? create : update;
  const set = (changes: Partial<BuilderForm>) => setForm((f) => ({ ...f, ...changes }));
  const back =
    dashboardId !== null
      ? `/dashboard/${dashboardId}`
      : reportId !== null
        ? `/report/${reportId}`
        : '/dashboards';

  const labels: BuilderLabels = {
    attribute: (attribute) => t(`reports.attributes.${attribute}`),
    measure: (aggregation, attribute) =>
      attribute === null
        ? t(`reports.aggregations.${aggregation}`)
        : t('reports.builder.measureLabel', {
            aggregation: t(`reports.aggregations.${aggregation}`),
            attribute: t(`reports.attributes.${attribute}`),
          }),
  };
  const configNow = () => configOfForm(form, labels, base) as Record<string, unknown>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const config = configNow();
    const done = { onSuccess: () => navigate(dashboardId !== null ? `/dashboard/${dashboardId}` : back) };
    if (reportId === null) {
      create.mutate(
        { dashboard_id: dashboardId, name: form.name.trim(), description: '', config },
        {
          onSuccess: (saved) =>
            navigate(dashboardId !== null ? `/dashboard/${dashboardId}` : `/report/${saved.id}`),
        },
      );
    } else {
      update.mutate({ id: reportId, name: form.name.trim(), config }, done);
    }
  };

  const runPreview = () => previewCall.mutate(configNow(), { onSuccess: setPreview });

  const option = (group: string) => (value: string) => ({ value, label: t(`reports.${group}.${value}`) });
  const hasDate = form.groupBy.some(isDateAttribute);

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={back} fz="sm">
        <Group gap={4}>
          <IconChevronLeft size={14} />
          {t('reports.builder.back')}
        </Group>
      </Anchor>
      <ReportsPageHeader
        title={reportId === null ? t('reports.builder.newTitle') : t('reports.builder.editTitle')}
        description={t('reports.builder.description')}
      />
      {storedInvalid && (
        <Alert color="yellow" variant="light">
          {t('reports.builder.storedInvalid')}
        </Alert>
      )}
      <Paper withBorder radius="lg" p="lg" shadow="xs">
        <form onSubmit={submit}>
          <Stack gap="md">
            <TextInput
              label={t('reports.builder.name')}
              required
              maxLength={REPORT_NAME_MAX_LENGTH}
              value={form.name}
              onChange={(e) => set({ name: e.currentTarget.value })}
              data-autofocus
            />
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              <Select
                label={t('reports.builder.kind')}
                data={REPORT_KINDS.map(option('kinds'))}
                value={form.reportKind}
                onChange={(value) => value && set({ reportKind: value as BuilderForm['reportKind'] })}
                allowDeselect={false}
              />
              <Select
                label={t('reports.builder.workflowKind')}
                placeholder={t('reports.builder.allKinds')}
                data={(kinds.data ?? []).map((kind) => ({ value: String(kind.id), label: kind.name }))}
                value={form.kindId === null ? null : String(form.kindId)}
                onChange={(value) => set({ kindId: value ? Number(value) : null })}
                clearable
                searchable
              />
              <Select
                label={t('reports.builder.chartType')}
                data={CHART_TYPES.map(option('chartTypes'))}
                value={form.chartType}
                onChange={(value) => value && set({ chartType: value as BuilderForm['chartType'] })}
                allowDeselect={false}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <MultiSelect
                label={t('reports.builder.groupBy')}
                description={t('reports.builder.groupByHint', { max: GROUP_BY_MAX })}
                data={GROUPABLE_ATTRIBUTES.map(option('attributes'))}
                value={form.groupBy}
                onChange={(value) => set({ groupBy: value as BuilderForm['groupBy'] })}
                maxValues={GROUP_BY_MAX}
                searchable
              />
              <Select
                label={t('reports.builder.dateGrouping')}
                description={t('reports.builder.dateGroupingHint')}
                data={DATE_GROUPINGS.map(option('dateGroupings'))}
                value={form.dateGrouping}
                onChange={(value) => set({ dateGrouping: value as BuilderForm['dateGrouping'] })}
                disabled={!hasDate}
                clearable
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('reports.builder.aggregation')}
                data={AGGREGATIONS.map(option('aggregations'))}
                value={form.aggregation}
                onChange={(value) => value && set({ aggregation: value as BuilderForm['aggregation'] })}
                allowDeselect={false}
              />
              <Select
                label={t('reports.builder.measure')}
                data={MEASURABLE_ATTRIBUTES.map(option('attributes'))}
                value={form.aggregation === 'count' ? null : form.measure}
                onChange={(value) => set({ measure: value as BuilderForm['measure'] })}
                disabled={form.aggregation === 'count'}
                required={form.aggregation !== 'count'}
              />
            </SimpleGrid>
            <Text fz="xs" c="dimmed">
              {t('reports.builder.filtersLater')}
            </Text>
            {save.error && (
              <Alert color="red" variant="light" style={{ whiteSpace: 'pre-line' }}>
                {reportErrorText(save.error, t)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={back}>
                {t('common.cancel')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconEye size={16} />}
                onClick={runPreview}
                loading={previewCall.isPending}
              >
                {t('reports.builder.preview')}
              </Button>
              <Button
                type="submit"
                loading={save.isPending}
                disabled={!form.name.trim() || (form.aggregation !== 'count' && form.measure === null)}
              >
                {t('reports.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {(previewCall.error || preview) && (
        <Paper withBorder radius="lg" p="lg" shadow="xs" data-testid="report-preview">
          <Stack gap="sm">
            <Text fw={600}>{t('reports.builder.previewTitle')}</Text>
            {previewCall.error ? (
              <Alert color="red" variant="light" style={{ whiteSpace: 'pre-line' }}>
                {reportErrorText(previewCall.error, t)}
              </Alert>
            ) : preview && preview.results.length > 1 ? (
              <ReportDataTable results={preview.results} maxHeight={360} />
            ) : (
              <Text ta="center" c="dimmed" fz="sm" py="md">
                {t('reports.view.noResults')}
              </Text>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
