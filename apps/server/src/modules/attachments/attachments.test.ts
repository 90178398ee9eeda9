import {
  AttachmentDownloadSchema,
  DOWNLOAD_MESSAGES,
  UploadedFileSchema,
  WORKFLOW_PATHS,
} from '@attest/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/tenant-transaction.js';
import {
  answer,
  createDocCheck,
  DC,
  DOC_CHECK_DEFINITION,
  docCheckSetUp,
  downloadUrl,
  pdf,
  sha256,
  temporaryFilesDir,
  upload,
  uploaded,
} from '../../test/attachment-fixtures.js';
import { createTestApp } from '../../test/test-app.js';
import { fileAnswerErrors } from './attachment-answers.js';
import { purgeUnusedUploads } from './unused-uploads.js';

const { app, adminDb, services } = await createTestApp({ FILES_DIR: temporaryFilesDir() });
const setUp = () => docCheckSetUp(app, adminDb);

describe('attachment download', () => {
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
    expect(await services.files.exists(row.storage_key)).toBe(true);

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

describe('unused uploads', () => {
  it('purges uploads no answer named after a week, keeping answered files and shared stored files', async () => {
    const { t, admin, id } = await setUp();
    const answered = await uploaded(admin, id, DC.certificate, 'kept.pdf', pdf('kept'));
    await answer(admin, id, DC.certificate, answered);
    const replaced = await uploaded(admin, id, DC.evidence, 'old.pdf', pdf('old'));
    await answer(admin, id, DC.evidence, [replaced]);
    await answer(admin, id, DC.evidence, []);
    const lonely = await uploaded(admin, id, DC.evidence, 'abandoned.pdf', pdf('abandoned'));
    const shared = await uploaded(admin, id, DC.evidence, 'shared.pdf', pdf('shared'));
    const recent = await uploaded(admin, id, DC.evidence, 'recent.pdf', pdf('recent'));
    const rows = () =>
      adminDb
        .selectFrom('attachments')
        .select(['uid', 'storage_key'])
        .where('tenant_id', '=', t.id)
        .orderBy('id')
        .execute();
    const before = await rows();
    const keyOf = (uid: string) => before.find((r) => r.uid === uid)?.storage_key ?? '';
    // A second attachment behind the same stored file, as the demo seed makes them.
    await adminDb
      .insertInto('attachments')
      .values({
        tenant_id: t.id,
        workflow_id: String(id),
        field_tag: DC.certificate,
        file_name: 'copy.pdf',
        content_type: 'application/pdf',
        size_bytes: 1,
        sha256: 'x',
        storage_key: keyOf(shared.uid),
      })
      .execute();
    const old = [answered.uid, replaced.uid, lonely.uid, shared.uid];
    await sql`update attachments set created_at = now() - interval '8 days'
      where tenant_id = ${t.id} and uid in (${sql.join(old)})`.execute(adminDb);

    expect(await purgeUnusedUploads(adminDb, services.files)).toBeGreaterThanOrEqual(2);
    const after = (await rows()).map((r) => r.uid);
    // Named by the answer, or by an earlier version of it (the history), or too recent: kept.
    expect(after).toEqual(expect.arrayContaining([answered.uid, replaced.uid, recent.uid]));
    expect(after).not.toContain(lonely.uid);
    expect(after).not.toContain(shared.uid);
    expect(await services.files.exists(keyOf(lonely.uid))).toBe(false);
    expect(await services.files.exists(keyOf(shared.uid))).toBe(true);
    expect(await services.files.exists(keyOf(answered.uid))).toBe(true);
  });
});
