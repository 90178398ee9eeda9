import { describe, expect, it } from 'vitest';
import { catalogueForDefinition } from '../filters/catalogue.js';
import { recordCatalogue } from '../records/catalogue.js';
import { ObjectTypeDefinitionSchema } from '../records/object-type-schema.js';
import {
  reportColumnOptions,
  reportSourceOfFilterAttribute,
  sourceFitsReportKind,
  stepGroupLabel,
} from './builder-columns.js';
import { parseReportSource } from './sources.js';

const definition = {
  statuses: [{ tag: 'open', display_name: 'Open' }],
  step_groups: [
    {
      tag: 'onb__intake',
      name: 'Intake',
      steps: [
        {
          tag: 'onb__intake__details',
          name: 'Details',
          fields: [
            { tag: 'onb__intake__details__amount', type: 'currency', label: 'Amount' },
            {
              tag: 'onb__intake__details__tier',
              type: 'single_select',
              label: 'Tier',
              options: [{ value: 'gold', label: 'Gold' }],
            },
            { tag: 'onb__intake__details__intro', type: 'paragraph', label: 'Read me' },
          ],
        },
      ],
    },
  ],
} as unknown as Parameters<typeof catalogueForDefinition>[0];

describe('the columns the report builder offers (spec 2 §3.4, §3.5)', () => {
  const catalogue = catalogueForDefinition(definition);
  const options = reportColumnOptions('workflow', catalogue);
  const bySource = new Map(options.map((o) => [o.source, o]));

  it('every offered column is a source the report schema accepts', () => {
    for (const option of options) expect(parseReportSource(option.source), option.source).not.toBeNull();
  });

  it('lists process columns, then the step group, its step and the step’s answerable fields', () => {
    expect(bySource.get('workflow__status_label')).toMatchObject({
      x_axis: true,
      y_axis: false,
      data_type: 'text',
    });
    expect(bySource.get('workflow__cycle_time')).toMatchObject({
      x_axis: false,
      y_axis: true,
      data_type: 'duration',
    });
    expect(bySource.get('workflow__region_id')).toMatchObject({ x_axis: false, y_axis: false });
    expect(bySource.get('workflow__region_name')).toMatchObject({ x_axis: true, y_axis: false });
    expect(bySource.get('step_group__onb__intake__cycle_time')).toMatchObject({
      group_label: 'Intake',
      tag: 'onb__intake',
      y_axis: true,
    });
    expect(bySource.get('step__onb__intake__details__completed_at')).toMatchObject({
      group_label: 'Details',
      data_type: 'date',
      x_axis: true,
    });
    expect(bySource.get('field__onb__intake__details__amount')).toMatchObject({
      label: 'Amount',
      data_type: 'number',
      y_axis: true,
      x_axis: true,
    });
    expect(bySource.get('field__onb__intake__details__tier')).toMatchObject({
      has_option_labels: true,
      y_axis: false,
    });
    expect(bySource.has('field__onb__intake__details__intro')).toBe(false);
    const order = options.map((o) => o.scope);
    expect(order.indexOf('step_group')).toBeLessThan(order.indexOf('step'));
    expect(order.indexOf('step')).toBeLessThan(order.indexOf('field'));
  });

  it('without a kind offers only process columns; e-mail reports only e-mails; object reports records', () => {
    expect(reportColumnOptions('workflow', null).every((o) => o.scope === 'workflow')).toBe(true);
    expect(reportColumnOptions('email_delivery', catalogue).every((o) => o.scope === 'email')).toBe(true);
    expect(reportColumnOptions('integration_call', null)[0]?.source).toBe('integration_call__id');
    // Before an object type is chosen, nothing.
    expect(reportColumnOptions('object', null)).toEqual([]);
    expect(sourceFitsReportKind('record__title', 'object')).toBe(true);
    expect(sourceFitsReportKind('workflow__name', 'object')).toBe(false);
    expect(sourceFitsReportKind('record_field__tier', 'workflow')).toBe(false);
    expect(sourceFitsReportKind('linked_workflow__name', 'integration_call')).toBe(false);
    expect(sourceFitsReportKind('email__status', 'workflow')).toBe(false);
    expect(sourceFitsReportKind('integration_call__state', 'workflow')).toBe(false);
    expect(sourceFitsReportKind('integration_call__state', 'integration_call')).toBe(true);
    expect(sourceFitsReportKind('workflow__id', 'email_delivery')).toBe(false);
  });

  it('offers an Object Report the record columns, its fields typed, and the linked workflows', () => {
    const vendor = ObjectTypeDefinitionSchema.parse({
      tag: 'vendor',
      name: 'Vendor',
      fields: [
        { tag: 'name', type: 'char_field', label: 'Name', required: true },
        { tag: 'tier', type: 'single_select', label: 'Tier', options: [{ value: 'gold', label: 'Gold' }] },
        { tag: 'spend', type: 'integer', label: 'Spend' },
      ],
      title_field: 'name',
    });
    const options = reportColumnOptions('object', recordCatalogue(vendor));
    const sources = options.map((o) => o.source);
    // No region or business unit columns: the type has no places.
    expect(sources.filter((s) => s.startsWith('record__'))).toEqual([
      'record__id',
      'record__title',
      'record__created_at',
      'record__updated_at',
      'record__created_by_email',
    ]);
    expect(options.find((o) => o.source === 'record_field__tier')).toMatchObject({
      scope: 'record_field',
      label: 'Tier',
      data_type: 'text',
      has_option_labels: true,
      x_axis: true,
      y_axis: false,
    });
    expect(options.find((o) => o.source === 'record_field__spend')).toMatchObject({
      data_type: 'number',
      y_axis: true,
    });
    expect(sources).toContain('linked_workflow__status_label');
    // import_pipeline_* only with ENABLE_STRUCTURED_DATA_OBJECT.
    expect(sources).not.toContain('linked_workflow__import_pipeline_name');
    expect(reportColumnOptions('workflow', null).map((o) => o.source)).not.toContain(
      'workflow__import_pipeline_name',
    );
    expect(
      reportColumnOptions('workflow', null, { structuredDataObject: true }).map((o) => o.source),
    ).toContain('workflow__import_pipeline_name');
    const withPlaces = reportColumnOptions('object', recordCatalogue({ ...vendor, has_region: true }));
    expect(withPlaces.map((o) => o.source)).toContain('record__region_name');
    expect(withPlaces.map((o) => o.source)).not.toContain('record__business_unit_name');
  });

  it('maps a filter attribute to the column people read: status by its name, not its tag', () => {
    const path = (p: string) => {
      const attribute = catalogue.find((a) => a.path === p);
      if (!attribute) throw new Error(p);
      return reportSourceOfFilterAttribute(attribute);
    };
    expect(path('workflow__status')).toBe('workflow__status_label');
    expect(path('workflow__region')).toBe('workflow__region_name');
    expect(path('workflow__updated_at')).toBeNull();
    expect(path('step__onb__intake__details__completed_by')).toBe(
      'step__onb__intake__details__completed_by_name',
    );
    expect(path('step__onb__intake__details__overdue')).toBeNull();
    expect(path('field__onb__intake__details__tier')).toBe('field__onb__intake__details__tier');
    expect(path('user__created_by_email')).toBeNull();
    expect(stepGroupLabel('onb__due_diligence')).toBe('Due diligence');
  });
});
