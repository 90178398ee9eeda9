import type { WorkflowDefinition } from '../workflows/index.js';

// A small process for the studio's diff and merge tests: two step groups, three steps, six fields,
// two statuses and one alert rule, every item tagged as the definition schema wants.
export function vendorOffboardingDefinition(): WorkflowDefinition {
  const details = 'vendor_offboarding__intake__details';
  const review = 'vendor_offboarding__intake__review';
  const handover = 'vendor_offboarding__exit__handover';
  return {
    schema_version: 1,
    version: 1,
    kind: { tag: 'vendor_offboarding', name: 'Vendor offboarding', icon: 'door-exit' },
    statuses: [
      { tag: 'open', display_name: 'Open', color_code: '#1c7ed6' },
      { tag: 'closed', display_name: 'Closed', color_code: '#2f9e44' },
    ],
    initial_status: 'open',
    step_groups: [
      {
        tag: 'vendor_offboarding__intake',
        name: 'Intake',
        steps: [
          {
            tag: details,
            name: 'Vendor details',
            assignees: { group_names: ['Procurement'] },
            fields: [
              { tag: `${details}__vendor_name`, type: 'char_field', label: 'Vendor name', required: true },
              {
                tag: `${details}__reason`,
                type: 'single_select',
                label: 'Reason',
                options: [
                  { value: 'contract_end', label: 'Contract ended' },
                  { value: 'breach', label: 'Breach' },
                ],
              },
              {
                tag: `${details}__breach_notes`,
                type: 'text',
                label: 'What happened',
                validation: { max_length: 2000 },
                visible_when: { field: `${details}__reason`, op: 'eq', value: 'breach' },
              },
            ],
          },
          {
            tag: review,
            name: 'Legal review',
            sla_hours: 48,
            fields: [{ tag: `${review}__approved`, type: 'bool', label: 'Approved by legal' }],
          },
        ],
      },
      {
        tag: 'vendor_offboarding__exit',
        name: 'Exit',
        steps: [
          {
            tag: handover,
            name: 'Handover',
            on_submit: { set_status: 'closed' },
            fields: [
              { tag: `${handover}__last_day`, type: 'naive_date', label: 'Last day' },
              { tag: `${handover}__data_returned`, type: 'bool', label: 'Data returned' },
            ],
          },
        ],
      },
    ],
    alert_rules: [
      {
        tag: 'breach',
        when: { field: `${details}__reason`, op: 'eq', value: 'breach' },
        cat_color_label: 'R',
        alert_tag: 'breach',
        step: details,
      },
    ],
  };
}
