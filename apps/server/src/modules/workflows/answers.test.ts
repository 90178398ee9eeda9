import {
  ANSWER_EDIT_MESSAGES,
  type FieldDefinition,
  WORKFLOW_PATHS,
  type WorkflowDefinition,
  WorkflowDetailSchema,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { publishObjectTypeRow, supplierType } from '../../test/record-fixtures.js';
import { createTestApp } from '../../test/test-app.js';
import { publishAll, VC, type WorkflowTestTenant, workflowTestTenant } from '../../test/workflow-fixtures.js';

const { app, adminDb } = await createTestApp();

const file = (name: string, size: number) => ({ id: 1, name, size, content_type: 'application/pdf' });
const options = [
  { value: 'a', label: 'A', group: 'G' },
  { value: 'b', label: 'B', group: 'G' },
];

// A file answer names an upload to that very field: `upload` stores one (metadata only).
type GoodContext = {
  t: WorkflowTestTenant;
  id: number;
  upload: (name: string, size: number) => Promise<unknown>;
};

type Case = {
  type: FieldDefinition['type'];
  extra?: Partial<FieldDefinition>;
  bad: unknown;
  code: string;
  message: string;
  good: (ctx: GoodContext) => unknown;
};

// One bad and one good answer per answerable type, with the exact code and English message.
const CASES: Case[] = [
  {
    type: 'char_field',
    extra: { validation: { max_length: 5 } },
    bad: 'toolong',
    code: 'too_long',
    message: 'Enter at most 5 characters.',
    good: () => 'short',
  },
  {
    type: 'text',
    extra: { validation: { min_length: 3 } },
    bad: 'ab',
    code: 'too_short',
    message: 'Enter at least 3 characters.',
    good: () => 'abc',
  },
  { type: 'html', bad: 42, code: 'invalid_type', message: 'Enter text.', good: () => '<p>Hello</p>' },
  {
    type: 'decimal',
    extra: { validation: { decimal_places: 2 } },
    bad: 1.234,
    code: 'too_many_decimals',
    message: 'Enter a number with at most 2 decimal places.',
    good: () => 1.23,
  },
  { type: 'integer', bad: 1.5, code: 'not_integer', message: 'Enter a whole number.', good: () => 7 },
  {
    type: 'currency',
    extra: { validation: { currencies: ['EUR'] } },
    bad: { amount: 5, currency: 'USD' },
    code: 'currency_not_allowed',
    message: 'Choose one of these currencies: EUR.',
    good: () => ({ amount: 5, currency: 'EUR' }),
  },
  {
    type: 'slider',
    extra: { validation: { min: 0, max: 10, step: 5 } },
    bad: 3,
    code: 'not_on_step',
    message: 'Enter a value in steps of 5.',
    good: () => 5,
  },
  {
    type: 'rating',
    extra: { validation: { max: 5 } },
    bad: 6,
    code: 'too_large',
    message: 'Enter a value of at most 5.',
    good: () => 4,
  },
  {
    type: 'single_select',
    extra: { options: options.map(({ value, label }) => ({ value, label })) },
    bad: 'c',
    code: 'invalid_option',
    message: "'c' is not one of the choices.",
    good: () => 'a',
  },
  {
    type: 'radio',
    extra: { options: options.map(({ value, label }) => ({ value, label })) },
    bad: 'c',
    code: 'invalid_option',
    message: "'c' is not one of the choices.",
    good: () => 'b',
  },
  {
    type: 'multi_select',
    extra: { options: options.map(({ value, label }) => ({ value, label })) },
    bad: ['a', 'a'],
    code: 'duplicate_option',
    message: "'a' is chosen more than once.",
    good: () => ['a', 'b'],
  },
  {
    type: 'grouped_checkbox',
    extra: { options },
    bad: ['z'],
    code: 'invalid_option',
    message: "'z' is not one of the choices.",
    good: () => ['a'],
  },
  {
    type: 'cascader',
    extra: { cascader_options: [{ value: 'eu', label: 'EU', children: [{ value: 'fr', label: 'France' }] }] },
    bad: ['xx'],
    code: 'invalid_option',
    message: "'xx' is not one of the choices.",
    good: () => ['eu', 'fr'],
  },
  {
    type: 'country_single_select',
    bad: 'XX',
    code: 'invalid_country',
    message: "'XX' is not a country code we know.",
    good: () => 'FR',
  },
  {
    type: 'country_multi_select',
    extra: { validation: { countries: ['FR', 'DE'] } },
    bad: ['ES'],
    code: 'country_not_allowed',
    message: "'ES' is not one of the countries allowed here.",
    good: () => ['FR'],
  },
  {
    type: 'badge_tags',
    extra: { validation: { max_selections: 1 } },
    bad: ['a', 'b'],
    code: 'too_many_selections',
    message: 'Choose at most 1.',
    good: () => ['a'],
  },
  { type: 'bool', bad: 'yes', code: 'invalid_type', message: 'Enter yes or no.', good: () => true },
  { type: 'checkbox', bad: 'x', code: 'invalid_type', message: 'Enter yes or no.', good: () => true },
  {
    type: 'date',
    bad: 'yesterday',
    code: 'invalid_date',
    message: 'Enter a valid date.',
    good: () => '2026-01-05T10:00:00Z',
  },
  {
    type: 'naive_date',
    extra: { validation: { min_date: '2026-01-01' } },
    bad: '2025-12-31',
    code: 'date_too_early',
    message: 'Enter a date on or after 2026-01-01.',
    good: () => '2026-02-01',
  },
  {
    type: 'relative_date',
    bad: '30x',
    code: 'invalid_relative_date',
    message: "Enter a period as a number and a unit (m, h, d, w or M), such as '30d'.",
    good: () => '30d',
  },
  {
    type: 'email',
    bad: 'not-an-email',
    code: 'invalid_email',
    message: 'Enter a valid e-mail address.',
    good: () => 'ana@example.com',
  },
  {
    type: 'url',
    bad: 'ftp://example.com',
    code: 'invalid_url',
    message: 'Enter a valid web address starting with http:// or https://.',
    good: () => 'https://example.com',
  },
  {
    type: 'phone',
    bad: '12',
    code: 'invalid_phone',
    message: 'Enter a phone number in international format, such as +44 20 7946 0958.',
    good: () => '+44 20 7946 0958',
  },
  {
    type: 'file',
    extra: { validation: { max_size_bytes: 1024 * 1024 } },
    bad: file('big.pdf', 2_000_000),
    code: 'file_too_large',
    message: "'big.pdf' is larger than the 1 MB allowed.",
    good: ({ upload }) => upload('small.pdf', 1000),
  },
  {
    type: 's3_object',
    // Well formed, but not a file uploaded to this field (the server's check).
    bad: file('a.pdf', 10),
    code: 'invalid_file',
    message: 'The file could not be read. Upload it again.',
    good: ({ upload }) => upload('a.pdf', 10),
  },
  {
    type: 'e_signature',
    bad: { id: 1 },
    code: 'invalid_file',
    message: 'The file could not be read. Upload it again.',
    good: ({ upload }) => upload('signed.pdf', 10),
  },
  {
    type: 'multi_file',
    extra: { validation: { max_files: 1 } },
    bad: [file('a.pdf', 1), file('b.pdf', 1)],
    code: 'too_many_files',
    message: 'Upload at most 1 files.',
    good: async ({ upload }) => [await upload('a.pdf', 1)],
  },
  {
    type: 'attachment',
    bad: 'x',
    code: 'invalid_type',
    message: 'Enter a list of files.',
    good: async ({ upload }) => [await upload('a.pdf', 1)],
  },
  {
    type: 'table',
    extra: { columns: [{ tag: 'clause', type: 'char_field', label: 'Clause', required: true }] },
    bad: [{}],
    code: 'invalid_cell',
    message: 'Row 1, Clause: This field is required.',
    good: () => [{ clause: 'Liability' }],
  },
  { type: 'json', bad: '{bad', code: 'invalid_json', message: 'Enter valid JSON.', good: () => '{"a":1}' },
  {
    type: 'dynamic_group_json',
    bad: [1],
    code: 'invalid_type',
    message: 'Enter a list of groups.',
    good: () => [{ a: 1 }],
  },
  { type: 'array', bad: { a: 1 }, code: 'invalid_type', message: 'Enter a list.', good: () => ['x', 1] },
  // References: the id must exist in the tenant (the server's check).
  {
    type: 'region',
    bad: 999999999,
    code: 'invalid_id',
    message: 'Choose an existing record.',
    good: ({ t }) => t.ids.region('Europe'),
  },
  {
    type: 'business_unit',
    bad: 999999999,
    code: 'invalid_id',
    message: 'Choose an existing record.',
    good: ({ t }) => t.ids.unit('Paris'),
  },
  {
    type: 'owner',
    bad: 999999999,
    code: 'invalid_id',
    message: 'Choose an existing record.',
    good: ({ t }) => t.users.member,
  },
  {
    type: 'user_workflow',
    bad: 999999999,
    code: 'invalid_id',
    message: 'Choose an existing record.',
    good: ({ id }) => id,
  },
  {
    type: 'child_workflow',
    extra: { child_kind_tag: 'sub_check' },
    bad: 'x',
    code: 'invalid_type',
    message: 'Enter a list of records.',
    good: ({ id }) => [id],
  },
  {
    type: 'data_object',
    extra: { object_type_tag: 'supplier' },
    bad: 'abc',
    code: 'invalid_id',
    message: 'Choose an existing record.',
    // A record of the field's object type (issue 18), written as a deployment and the records API would.
    good: async ({ t }) => {
      const { objectTypeId, versionId } = await publishObjectTypeRow(adminDb, t.id, supplierType());
      const row = await adminDb
        .insertInto('records')
        .values({
          tenant_id: t.id,
          object_type_id: objectTypeId,
          version_id: versionId,
          title: 'Acme Ltd',
          data: JSON.stringify({ name: 'Acme Ltd' }),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
  },
];

const STEP = 'field_lab__main__all';
const tagOf = (type: string) => `${STEP}__${type}`;
const FIELD_LAB: WorkflowDefinition = {
  schema_version: 1,
  version: 1,
  kind: { tag: 'field_lab', name: 'Field lab' },
  statuses: [{ tag: 'open', display_name: 'Open', color_code: '#868e96' }],
  initial_status: 'open',
  step_groups: [
    {
      tag: 'field_lab__main',
      name: 'Main',
      steps: [
        {
          tag: STEP,
          name: 'All types',
          fields: CASES.map(
            (c) => ({ tag: tagOf(c.type), type: c.type, label: c.type, ...c.extra }) as FieldDefinition,
          ),
        },
      ],
    },
  ],
};

describe('POST workflows/{id}/responses/', () => {
  it('validates every answerable type with a clear message, and stores a valid answer', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const [lab] = await publishAll(adminDb, t.id, [FIELD_LAB]);
    const client = await t.signedIn('admin');
    const created = await client.post(WORKFLOW_PATHS.workflows, {
      kind_id: Number(lab?.kindId),
      name: 'Lab',
      region_id: t.ids.region('Europe'),
    });
    const id = created.json().id as number;
    const failures: string[] = [];
    for (const c of CASES) {
      const tag = tagOf(c.type);
      const bad = await client.post(WORKFLOW_PATHS.answer(id), { field_tag: tag, value: c.bad });
      const body = bad.json();
      const error = body.problems?.[0]?.errors?.[0];
      if (
        bad.statusCode !== 400 ||
        body.code !== 'invalid_answer' ||
        body.detail !== ANSWER_EDIT_MESSAGES.invalid_answer ||
        body.problems?.[0]?.field_tag !== tag ||
        error?.code !== c.code ||
        error?.message !== c.message
      ) {
        failures.push(`${c.type} bad: ${bad.statusCode} ${bad.body}`);
      }
      const upload = async (name: string, size: number) => {
        const row = await adminDb
          .insertInto('attachments')
          .values({
            tenant_id: t.id,
            workflow_id: String(id),
            field_tag: tag,
            file_name: name,
            content_type: 'application/pdf',
            size_bytes: size,
            sha256: '0'.repeat(64),
            storage_key: `test/${name}`,
          })
          .returning(['id', 'uid'])
          .executeTakeFirstOrThrow();
        return { id: Number(row.id), uid: row.uid, name, size, content_type: 'application/pdf' };
      };
      const value = await c.good({ t, id, upload });
      const good = await client.post(WORKFLOW_PATHS.answer(id), { field_tag: tag, value });
      if (good.statusCode !== 200 || good.json().answers[tag] === undefined) {
        failures.push(`${c.type} good: ${good.statusCode} ${good.body}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('versions answers, skips unchanged ones, and records old and new values', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const client = await t.signedIn('admin');
    const id = (
      await client.post(WORKFLOW_PATHS.workflows, {
        kind_id: t.kinds.vendor,
        name: 'V',
        region_id: t.ids.region('Europe'),
      })
    ).json().id as number;
    await client.post(WORKFLOW_PATHS.answer(id), { field_tag: VC.name, value: 'Acme' });
    await client.post(WORKFLOW_PATHS.answer(id), { field_tag: VC.name, value: 'Acme' });
    const second = await client.post(WORKFLOW_PATHS.answer(id), { field_tag: VC.name, value: 'Acme Ltd' });
    const detail = WorkflowDetailSchema.parse(second.json());
    expect(detail.answers[VC.name]).toBe('Acme Ltd');
    expect(detail.answer_meta[VC.name]).toMatchObject({
      version: 2,
      answered_by: { email: t.email('admin') },
    });
    const rows = await adminDb
      .selectFrom('workflow_responses')
      .select(['version', 'is_current', 'text_value'])
      .where('workflow_id', '=', String(id))
      .where('field_tag', '=', VC.name)
      .orderBy('version')
      .execute();
    expect(rows).toEqual([
      { version: 1, is_current: false, text_value: 'Acme' },
      { version: 2, is_current: true, text_value: 'Acme Ltd' },
    ]);
    const activity = await client.get(WORKFLOW_PATHS.activity(id));
    expect(
      activity.json().results.filter((e: { event: string }) => e.event === 'answer_saved'),
    ).toMatchObject([
      { action: 'updated', field_tag: VC.name, details: { old_value: 'Acme', new_value: 'Acme Ltd' } },
      { action: 'updated', field_tag: VC.name, details: { old_value: null, new_value: 'Acme' } },
    ]);
  });

  it('refuses answers to unknown fields, closed steps and from a read-only or unseeing user', async () => {
    const t = await workflowTestTenant(app, adminDb);
    const client = await t.signedIn('admin');
    const id = (
      await client.post(WORKFLOW_PATHS.workflows, {
        kind_id: t.kinds.vendor,
        name: 'V',
        region_id: t.ids.region('Europe'),
      })
    ).json().id as number;
    const unknown = await client.post(WORKFLOW_PATHS.answer(id), { field_tag: 'nope', value: 1 });
    expect(unknown.json()).toMatchObject({
      code: 'unknown_field',
      detail: ANSWER_EDIT_MESSAGES.unknown_field,
    });
    const closed = await client.post(WORKFLOW_PATHS.answer(id), { field_tag: VC.decision, value: 'approve' });
    expect(closed.json()).toMatchObject({
      code: 'step_not_enabled',
      detail: ANSWER_EDIT_MESSAGES.step_not_enabled,
    });
    const supplier = await t.signedIn('supplier');
    expect(
      (await supplier.post(WORKFLOW_PATHS.answer(id), { field_tag: VC.name, value: 'x' })).statusCode,
    ).toBe(404);
    await adminDb
      .updateTable('user_region_access')
      .set({ access: 'read' })
      .where('user_id', '=', String(t.users.member))
      .execute();
    const reader = await t.signedIn('member');
    const readOnly = await reader.post(WORKFLOW_PATHS.answer(id), { field_tag: VC.name, value: 'x' });
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json()).toMatchObject({ code: 'read_only' });
    const other = await workflowTestTenant(app, adminDb);
    const stranger = await other.signedIn('admin');
    expect(
      (await stranger.post(WORKFLOW_PATHS.answer(id), { field_tag: VC.name, value: 'x' })).statusCode,
    ).toBe(404);
  });
});
