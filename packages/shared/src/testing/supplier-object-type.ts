import { type ObjectTypeDefinition, ObjectTypeDefinitionSchema } from '../records/index.js';

// The demo's Supplier object type (issue 18, plan §8): one record per supplier the onboardings
// name, titled by its legal name, unique by VAT number, placed in a region, and related to the
// onboardings whose supplier_record field names it. Country and category are optional: an
// onboarding still in its intake may name its supplier before it says more.
export const SUPPLIER_OBJECT_TYPE: ObjectTypeDefinition = ObjectTypeDefinitionSchema.parse({
  tag: 'supplier',
  name: 'Supplier',
  description: 'A third party the organisation buys from.',
  fields: [
    { tag: 'name', type: 'char_field', label: 'Legal name', required: true, validation: { max_length: 200 } },
    {
      tag: 'vat_number',
      type: 'char_field',
      label: 'VAT number',
      required: true,
      validation: { max_length: 40 },
    },
    { tag: 'country', type: 'country_single_select', label: 'Country' },
    {
      tag: 'category',
      type: 'single_select',
      label: 'Category',
      options: [
        { value: 'it_services', label: 'IT services' },
        { value: 'cloud_hosting', label: 'Cloud hosting' },
        { value: 'logistics', label: 'Logistics' },
        { value: 'raw_materials', label: 'Raw materials' },
        { value: 'professional_services', label: 'Professional services' },
        { value: 'facilities', label: 'Facilities' },
      ],
    },
    { tag: 'website', type: 'url', label: 'Website' },
    { tag: 'contact_email', type: 'email', label: 'Contact e-mail' },
  ],
  title_field: 'name',
  unique_keys: [['vat_number']],
  relations: [
    { tag: 'onboardings', label: 'Onboardings', target: { kind_tag: 'supplier_onboarding' }, many: true },
  ],
  list_columns: ['country', 'category', 'vat_number'],
  has_region: true,
});
