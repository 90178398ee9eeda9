import type { ObjectTypeDetail, RecordDetail, RecordListItem } from '@attest/shared';

// A supplier type as the studio would publish it: a title field, a checked e-mail, a region.
export function makeSupplierType(overrides: Partial<ObjectTypeDetail['definition']> = {}): ObjectTypeDetail {
  return {
    id: 3,
    tag: 'supplier',
    name: 'Supplier',
    version: 1,
    definition: {
      tag: 'supplier',
      name: 'Supplier',
      fields: [
        { tag: 'name', label: 'Name', type: 'char_field', required: true },
        { tag: 'vat_number', label: 'VAT number', type: 'char_field', required: true },
        { tag: 'contact_email', label: 'Contact e-mail', type: 'email' },
        {
          tag: 'tier',
          label: 'Tier',
          type: 'single_select',
          options: [
            { value: 'gold', label: 'Gold' },
            { value: 'silver', label: 'Silver' },
          ],
        },
      ],
      title_field: 'name',
      unique_keys: [['vat_number']],
      relations: [],
      has_region: true,
      has_business_unit: false,
      ...overrides,
    },
  } as ObjectTypeDetail;
}

export function makeListItem(overrides: Partial<RecordListItem> = {}): RecordListItem {
  return {
    id: 42,
    title: 'Acme Ltd',
    region: { id: 1, name: 'Europe' },
    business_unit: null,
    values: { vat_number: 'GB1' },
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-02T10:00:00.000Z',
    archived_at: null,
    ...overrides,
  };
}

export function makeRecord(overrides: Partial<RecordDetail> = {}): RecordDetail {
  return {
    id: 42,
    object_type: { id: 3, tag: 'supplier', name: 'Supplier' },
    title: 'Acme Ltd',
    values: { name: 'Acme Ltd', vat_number: 'GB1', contact_email: 'buyer@acme.test' },
    region: { id: 1, name: 'Europe' },
    business_unit: null,
    revision: 4,
    version: 1,
    created_by: { id: 7, name: 'Ada Admin', email: 'ada@acme.test' },
    created_at: '2026-11-01T10:00:00.000Z',
    updated_by: null,
    updated_at: '2026-11-02T10:00:00.000Z',
    archived_at: null,
    archived_by: null,
    ...overrides,
  };
}

// Calls kept and answered by route: the shared stub under this feature's name.
export { type ApiCall as Call, mockApiCalls as mockRecordsApi } from './fetch-mock';
