import {
  catalogueIndex,
  conditionGroupOfReportFilters,
  isEmptyGroup,
  validateConditionGroup,
} from '@attest/shared';
import { Accordion, Alert, Anchor, Box, Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isolate } from '../../../components/user-text';
import { toast } from '../../../lib/notifications/toast';
import { useCreateReport, useUpdateReport } from '../api/reports';
import { type BuilderForm, configOfForm, formProblem } from '../lib/builder/builder-form';
import { reportErrorText } from '../lib/error-text';
import { BuilderPreview } from './builder-preview';
import { BuilderSection } from './builder-section';
import { ChartOptionsSection } from './chart-options-section';
import { DataSection } from './data-section';
import { FiltersSection } from './filters-section';
import { GroupMeasureSection } from './group-measure-section';
import { OrderSection } from './order-section';
import { useColumnOptions } from './use-column-options';

export type ReportBuilderProps = {
  initial: BuilderForm;
  // The stored configuration could not be read: the builder starts from defaults and says so.
  storedInvalid: boolean;
  dashboardId: number | null;
  reportId: number | null;
  canReportOnEmail: boolean;
};

// Spec 2 §3.7/§3.8: the full report builder. Configuration on the left in sections, the live
// preview on the right; Save and Cancel in the header.
export function ReportBuilder({
  initial,
  storedInvalid,
  dashboardId,
  reportId,
  canReportOnEmail,
}: ReportBuilderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form, setForm] = useState<BuilderForm>(initial);
  const { config } = form;
  const columns = useColumnOptions(config.report_kind, config.kind_id, config.object_type_id);
  const create = useCreateReport();
  const update = useUpdateReport();
  const save = reportId === null ? create : update;
  const back =
    dashboardId !== null
      ? `/dashboard/${dashboardId}`
      : reportId !== null
        ? `/report/${reportId}`
        : '/dashboards';

  // Half-written filter conditions are the filter builder's to point at; they hold the preview
  // and Save back rather than reaching the server.
  const filtersValid = useMemo(() => {
    const group = conditionGroupOfReportFilters(config.filters);
    if (isEmptyGroup(group)) return true;
    const catalogue = columns.loading ? undefined : catalogueIndex(columns.filterCatalogue);
    return validateConditionGroup(group, catalogue).problems.length === 0;
  }, [config.filters, columns.filterCatalogue, columns.loading]);
  const problem = formProblem(form);
  const previewBlocked =
    problem && problem !== 'reports.builder.problems.name'
      ? t(problem)
      : filtersValid
        ? null
        : t('reports.builder.problems.filters');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem || !filtersValid) return;
    const body = { name: form.name.trim(), description: form.description.trim(), config: configOfForm(form) };
    // Saving is said in words, and so is a refusal (its reasons stay above the form).
    const values = { name: isolate(body.name) };
    const failed = () => toast.error('reports.builder.saveFailed', { values });
    if (reportId === null) {
      create.mutate(
        { dashboard_id: dashboardId, ...body },
        {
          onSuccess: (saved) => {
            toast.success('reports.builder.saved', { values });
            navigate(dashboardId !== null ? `/dashboard/${dashboardId}` : `/report/${saved.id}`);
          },
          onError: failed,
        },
      );
    } else {
      update.mutate(
        { id: reportId, ...body },
        {
          onSuccess: () => {
            toast.success('reports.builder.saved', { values });
            navigate(back);
          },
          onError: failed,
        },
      );
    }
  };

  const summaries = {
    data: [
      t(`reports.kinds.${config.report_kind}`),
      ...config.attributes
        .filter((a) => a.extra_json.added_by === 'user')
        .map((a) => columns.labelOf(a.value)),
    ].join(' · '),
    measure: config.group_by.length
      ? t('reports.builder.summary.groupedBy', {
          columns: config.group_by.map((g) => columns.labelOf(g.source)).join(', '),
        })
      : null,
    filters: config.filters.conditions.length
      ? t('reports.builder.summary.filters', { count: config.filters.conditions.length })
      : null,
    order: config.order_by.length
      ? t('reports.builder.summary.order', { count: config.order_by.length })
      : null,
    chart: t(`reports.builder.chartTypes.${config.chart_type}`),
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <Anchor component={Link} to={back} fz="sm" w="fit-content">
          <Group gap={4}>
            <IconChevronLeft size={14} />
            {t('reports.builder.back')}
          </Group>
        </Anchor>
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
          <Stack gap={2}>
            <Title order={1} fz={24} fw={700}>
              {reportId === null ? t('reports.builder.newTitle') : t('reports.builder.editTitle')}
            </Title>
            <Text fz="sm" c="dimmed">
              {t('reports.builder.description')}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button variant="default" component={Link} to={back}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={problem !== null || !filtersValid}>
              {t('reports.save')}
            </Button>
          </Group>
        </Group>
        {storedInvalid ? (
          <Alert color="yellow" variant="light">
            {t('reports.builder.storedInvalid')}
          </Alert>
        ) : null}
        {save.error ? (
          <Alert color="red" variant="light" style={{ whiteSpace: 'pre-line' }}>
            {reportErrorText(save.error, t)}
          </Alert>
        ) : null}
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Accordion multiple defaultValue={['data', 'measure']} variant="separated" radius="md">
              <BuilderSection
                value="data"
                title={t('reports.builder.sections.data')}
                summary={summaries.data}
              >
                <DataSection
                  form={form}
                  onChange={setForm}
                  columns={columns}
                  canReportOnEmail={canReportOnEmail}
                />
              </BuilderSection>
              <BuilderSection
                value="measure"
                title={t('reports.builder.sections.measure')}
                summary={summaries.measure}
              >
                <GroupMeasureSection form={form} onChange={setForm} columns={columns} />
              </BuilderSection>
              <BuilderSection
                value="filters"
                title={t('reports.builder.sections.filters')}
                summary={summaries.filters}
              >
                <FiltersSection form={form} onChange={setForm} columns={columns} />
              </BuilderSection>
              <BuilderSection
                value="order"
                title={t('reports.builder.sections.order')}
                summary={summaries.order}
              >
                <OrderSection form={form} onChange={setForm} columns={columns} />
              </BuilderSection>
              <BuilderSection
                value="chart"
                title={t('reports.builder.sections.chart')}
                summary={summaries.chart}
              >
                <ChartOptionsSection form={form} onChange={setForm} />
              </BuilderSection>
            </Accordion>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }} style={{ position: 'sticky', top: 96 }}>
            <BuilderPreview
              config={config}
              blocked={previewBlocked}
              onChartType={(chart_type) => setForm({ ...form, config: { ...config, chart_type } })}
            />
          </Grid.Col>
        </Grid>
      </Stack>
    </Box>
  );
}
