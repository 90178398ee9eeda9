import { createHash } from 'node:crypto';
import {
  ANSWER_EDIT_MESSAGES,
  ATTACHMENT_MESSAGES,
  AttachmentDownloadSchema,
  DOWNLOAD_MESSAGES,
  UploadedFileSchema,
  WORKFLOW_PATHS,
  WorkflowErrorSchema,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/tenant-transaction.js';
import {
  createDocCheck,
  DC,
  DOC_CHECK_DEFINITION,
  publishDocCheck,
  temporaryFilesDir,
  upload,
} from '../../test/attachment-fixtures.js';
import { createTestApp, type TestClient } from '../../test/test-app.js';
import { grantRegion, workflowTestTenant } from '../../test/workflow-fixtures.js';
import { fileAnswerErrors } from './attachment-answers.js';
import { cleanFileName } from './upload-attachment.service.js';

const { app, adminDb } = await createTestApp({ FILES_DIR: temporaryFilesDir() });

const pdf = (text: string) => Buffer.from(`%PDF-1.7\n${text}\n%%EOF\n`);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function setUp() {
  const t = await workflowTestTenant(app, adminDb);
  const kind = await publishDocCheck(adminDb, t);
  const admin = await t.signedIn('admin');
  const id = await createDocCheck(t, admin, kind);
  return { t, kind, admin, id };
}

async function answer(client: TestClient, id: number, field_tag: string, value: unknown) {
  const response = await client.post(WORKFLOW_PATHS.answer(id), { field_tag, value });
  expect(response.statusCode, response.body).toBe(200);
}

function downloadUrl(id: number, field: string, uid?: string) {
  const query = new URLSearchParams({ workflow_id: String(id), field_tag: field, ...(uid && { uid }) });
  return `${WORKFLOW_PATHS.attachmentDownload}?${query}`;
}

async function uploaded(client: TestClient, id: number, field: string, name: string, bytes: Buffer) {
  const response = await upload(client, id, field, { name, type: 'application/pdf', bytes });
  expect(response.statusCode, response.body).toBe(201);
  return UploadedFileSchema.parse(response.json());
}

describe('attachment upload and download', () => {
  it('round-trips the bytes: upload, save as the answer, download url, file with safe headers', async () => {
    const { t, admin, id } = await setUp();
    const bytes = pdf('ISO 27001 certificate');
    const response = await upload(admin, id, DC.certificate, {
      name: 'ISO "27001"/cert é.pdf',
      type: 'application/pdf; charset=binary',
      bytes,
    });
    expect(response.statusCode, response.body).toBe(201);
    const file = UploadedFileSchema.parse(response.json());
    expect(file).toMatchObject({
      name: 'ISO "27001"/cert é.pdf',
      size: bytes.length,
      content_type: 'application/pdf',
    });

    const row = await adminDb
      .selectFrom('attachments')
      .select(['sha256', 'size_bytes', 'storage_key', 'uploaded_by'])
      .where('tenant_id', '=', t.id)
      .where('uid', '=', file.uid)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ sha256: sha256(bytes), size_bytes: String(bytes.length) });
    expect(row.storage_key).toMatch(new RegExp(`^t${t.id}/[0-9a-f]{2}/[0-9a-f-]{36}$`));
    expect(await app.files.exists(row.storage_key)).toBe(true);

    // The upload alone answers nothing.
    const none = await admin.get(downloadUrl(id, DC.certificate));
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ detail: DOWNLOAD_MESSAGES.noData, code: 'download_no_data' });

    await answer(admin, id, DC.certificate, file);
    const link = await admin.get(downloadUrl(id, DC.certificate));
    expect(link.statusCode, link.body).toBe(200);
    const { attachment_url } = AttachmentDownloadSchema.parse(link.json());
    expect(attachment_url).toBe(WORKFLOW_PATHS.attachmentFile(file.uid));
    expect((await admin.get(downloadUrl(id, DC.certificate, file.uid))).json()).toEqual({ attachment_url });

    const got = await admin.get(attachment_url);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(bytes)).toBe(true);
    expect(sha256(got.rawPayload)).toBe(row.sha256);
    expect(got.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(bytes.length),
      'x-content-type-options': 'nosniff',
      'content-disposition': `attachment; filename="ISO _27001__cert _.pdf"; filename*=UTF-8''ISO%20_27001__cert%20%C3%A9.pdf`,
    });

    const head = await admin.request({ method: 'HEAD', url: attachment_url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(bytes.length));
    expect(head.headers['content-type']).toBe('application/pdf');
    expect(head.rawPayload.length).toBe(0);
  });

  it('takes a file larger than the 1 MB JSON body limit when the field allows it', async () => {
    const { admin, id } = await setUp();
    const bytes = Buffer.concat([pdf('big'), Buffer.alloc(3 * 1024 * 1024, 7)]);
    const file = await uploaded(admin, id, DC.evidence, 'big.pdf', bytes);
    expect(file.size).toBe(bytes.length);
    await answer(admin, id, DC.evidence, [file]);
    const { attachment_url } = (await admin.get(downloadUrl(id, DC.evidence, file.uid))).json();
    const got = await admin.get(attachment_url);
    expect(sha256(got.rawPayload)).toBe(sha256(bytes));
  });

  it('answers every message of the download catalogue with its status', async () => {
    const { t, admin, id } = await setUp();
    const [a, b] = [
      await uploaded(admin, id, DC.evidence, 'a.pdf', pdf('a')),
      await uploaded(admin, id, DC.evidence, 'b.pdf', pdf('b')),
    ];
    const expectError = async (url: string, status: number, detail: string) => {
      const response = await admin.get(url);
      expect(response.statusCode, url).toBe(status);
      expect(response.json().detail).toBe(detail);
    };
    // No answer yet for the field.
    await expectError(downloadUrl(id, DC.evidence, a?.uid), 404, DOWNLOAD_MESSAGES.noData);
    await answer(admin, id, DC.evidence, [a, b]);
    // Multi-file field without uid.
    await expectError(downloadUrl(id, DC.evidence), 400, DOWNLOAD_MESSAGES.uidMissing);
    // A uid that is not among the field's answer.
    await expectError(downloadUrl(id, DC.evidence, crypto.randomUUID()), 404, DOWNLOAD_MESSAGES.noData);
    // A field without attachments.
    await expectError(downloadUrl(id, DC.notes), 400, DOWNLOAD_MESSAGES.noData);
    // No such field, no such workflow.
    await expectError(downloadUrl(id, 'doc_check__intake__details__nope'), 404, DOWNLOAD_MESSAGES.noAccess);
    await expectError(downloadUrl(999_999_999, DC.evidence), 404, DOWNLOAD_MESSAGES.noAccess);
    // Both listed files download by uid.
    for (const file of [a, b]) {
      const response = await admin.get(downloadUrl(id, DC.evidence, file?.uid));
      expect(response.json().attachment_url).toBe(WORKFLOW_PATHS.attachmentFile(file?.uid ?? ''));
    }
    // A workflow outside the user's regions: the supplier has no access at all.
    const supplier = await t.signedIn('supplier');
    const hidden = await supplier.get(downloadUrl(id, DC.evidence, a?.uid));
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ detail: DOWNLOAD_MESSAGES.noAccess, code: 'download_no_access' });
    expect((await supplier.get(WORKFLOW_PATHS.attachmentFile(a?.uid ?? ''))).statusCode).toBe(404);
  });

  it('refuses a file over the size limit and of a type the field does not allow, with the answer errors', async () => {
    const { admin, id } = await setUp();
    const tooLarge = await upload(admin, id, DC.certificate, {
      name: 'scan.pdf',
      type: 'application/pdf',
      bytes: Buffer.alloc(2048, 1),
    });
    expect(tooLarge.statusCode).toBe(400);
    expect(WorkflowErrorSchema.parse(tooLarge.json())).toEqual({
      detail: ANSWER_EDIT_MESSAGES.invalid_answer,
      code: 'invalid_answer',
      problems: [
        {
          field_tag: DC.certificate,
          errors: [
            {
              code: 'file_too_large',
              params: { name: 'scan.pdf', max_mb: 0 },
              message: "'scan.pdf' is larger than the 0 MB allowed.",
            },
          ],
        },
      ],
    });

    const wrongType = await upload(admin, id, DC.certificate, {
      name: 'notes.docx',
      type: 'application/msword',
      bytes: Buffer.from('doc'),
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().problems[0].errors).toEqual([
      {
        code: 'file_type_not_allowed',
        params: { name: 'notes.docx', allowed: 'application/pdf, image/*' },
        message: "'notes.docx' is not an allowed type (application/pdf, image/*).",
      },
    ]);
    // Nothing was kept of either.
    const rows = await adminDb
      .selectFrom('attachments')
      .select('id')
      .where('workflow_id', '=', String(id))
      .execute();
    expect(rows).toEqual([]);
  });

  it('stops reading a body without Content-Length as soon as it passes the limit', async () => {
    const { admin, id } = await setUp();
    const { Readable } = await import('node:stream');
    let sent = 0;
    const chunks = Array.from({ length: 64 }, () => Buffer.alloc(1024, 2));
    const body = new Readable({
      read() {
        const chunk = chunks.shift();
        if (chunk) sent += chunk.length;
        this.push(chunk ?? null);
      },
    });
    const response = await admin.request({
      method: 'POST',
      url: WORKFLOW_PATHS.upload(id, DC.certificate),
      payload: body,
      headers: { 'content-type': 'application/pdf', 'x-file-name': 'stream.pdf' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().problems[0].errors[0].code).toBe('file_too_large');
    expect(sent).toBeLessThan(64 * 1024);
    expect(response.headers.connection).toBe('close');
  });

  it('refuses uploads the field does not take now', async () => {
    const { t, admin, id } = await setUp();
    const bytes = pdf('x');
    const refused = async (field: string, code: string, detail: string, name = 'x.pdf') => {
      const response = await upload(admin, id, field, { name, type: 'application/pdf', bytes });
      expect(response.statusCode, field).toBe(400);
      expect(response.json()).toMatchObject({ code, detail });
    };
    await refused(DC.notes, 'not_file_field', ATTACHMENT_MESSAGES.not_file_field);
    await refused('doc_check__intake__details__nope', 'unknown_field', ANSWER_EDIT_MESSAGES.unknown_field);
    await refused(DC.secret, 'field_hidden', ANSWER_EDIT_MESSAGES.field_hidden);
    await refused(DC.sanctionsResult, 'not_file_field', ATTACHMENT_MESSAGES.not_file_field);
    await refused(DC.certificate, 'file_name_missing', ATTACHMENT_MESSAGES.file_name_missing, ' ');
    const disguised = await upload(admin, id, DC.evidence, {
      name: 'invoice.pdf',
      type: 'application/pdf',
      bytes: Buffer.from('MZ\x90\x00 not a document'),
    });
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json()).toMatchObject({
      code: 'file_content_mismatch',
      detail: ATTACHMENT_MESSAGES.file_content_mismatch,
    });
    const empty = await upload(admin, id, DC.evidence, {
      name: 'empty.pdf',
      type: 'application/pdf',
      bytes: Buffer.alloc(0),
    });
    expect(empty.json()).toMatchObject({ code: 'file_empty', detail: ATTACHMENT_MESSAGES.file_empty });
    // Read access only: the workflow is seen but not changed.
    await grantRegion(adminDb, t.id, t.users.supplier, t.ids.region('Europe'), 'read');
    const reader = await t.signedIn('supplier');
    const readOnly = await upload(reader, id, DC.certificate, {
      name: 'x.pdf',
      type: 'application/pdf',
      bytes,
    });
    expect(readOnly.statusCode).toBe(403);
    // Signed out, or without the CSRF header.
    const csrfless = await admin.request({
      method: 'POST',
      url: WORKFLOW_PATHS.upload(id, DC.certificate),
      payload: bytes,
      headers: { 'content-type': 'application/pdf', 'x-file-name': 'x.pdf' },
      csrf: false,
    });
    expect(csrfless.statusCode).toBe(403);
  });

  it('answers 404 to a workflow the user may not see and to an attachment of another tenant', async () => {
    const { t, admin, id } = await setUp();
    const supplier = await t.signedIn('supplier');
    const invisible = await upload(supplier, id, DC.certificate, {
      name: 'x.pdf',
      type: 'application/pdf',
      bytes: pdf('x'),
    });
    expect(invisible.statusCode).toBe(404);
    const file = await uploaded(admin, id, DC.certificate, 'mine.pdf', pdf('mine'));
    await answer(admin, id, DC.certificate, file);

    const other = await setUp();
    const foreignFile = await other.admin.get(WORKFLOW_PATHS.attachmentFile(file.uid));
    expect(foreignFile.statusCode).toBe(404);
    expect(foreignFile.json().detail).toBe(DOWNLOAD_MESSAGES.noAccess);
    const foreignHead = await other.admin.request({
      method: 'HEAD',
      url: WORKFLOW_PATHS.attachmentFile(file.uid),
    });
    expect(foreignHead.statusCode).toBe(404);
    const foreignLink = await other.admin.get(downloadUrl(id, DC.certificate, file.uid));
    expect(foreignLink.statusCode).toBe(404);
    expect(foreignLink.json().detail).toBe(DOWNLOAD_MESSAGES.noAccess);
    const foreignUpload = await upload(other.admin, id, DC.certificate, {
      name: 'x.pdf',
      type: 'application/pdf',
      bytes: pdf('x'),
    });
    expect(foreignUpload.statusCode).toBe(404);
    expect((await admin.get(WORKFLOW_PATHS.attachmentFile('not-a-uid'))).statusCode).toBe(404);
  });
});

describe('file answers', () => {
  it('only name files uploaded to that field of that workflow, as the upload answered them', async () => {
    const { t, kind, admin, id } = await setUp();
    const file = await uploaded(admin, id, DC.certificate, 'real.pdf', pdf('real'));
    const other = await uploaded(admin, id, DC.evidence, 'other.pdf', pdf('other'));
    const second = await createDocCheck(t, admin, kind);
    const field = DOC_CHECK_DEFINITION.step_groups[0]?.steps[0]?.fields.find((f) => f.tag === DC.certificate);
    if (!field) throw new Error('no certificate field');
    const check = (workflowId: number, value: unknown) =>
      withTenant(adminDb, t.id, (tx) => fileAnswerErrors(tx, String(workflowId), field, value));
    expect(await check(id, file)).toEqual([]);
    expect(await check(id, { ...file, uid: undefined })).toEqual([]);
    const invalid = [
      { code: 'invalid_file', params: {}, message: 'The file could not be read. Upload it again.' },
    ];
    expect(await check(id, { ...file, name: 'renamed.pdf' })).toEqual(invalid);
    expect(await check(id, { ...file, size: 1 })).toEqual(invalid);
    expect(await check(id, { ...file, uid: other.uid })).toEqual(invalid);
    // Another field's file, and this file from another workflow.
    expect(await check(id, other)).toEqual(invalid);
    expect(await check(second, file)).toEqual(invalid);
  });
});

describe('file names', () => {
  it('shows control characters and bidirectional overrides as underscores', () => {
    expect(cleanFileName(' invoice\u202Efdp.exe ')).toBe('invoice_fdp.exe');
    expect(cleanFileName('a\nb\u0000c.pdf')).toBe('a_b_c.pdf');
    expect(cleanFileName('Résumé (final).pdf')).toBe('Résumé (final).pdf');
  });
});
