import {
  ANSWER_EDIT_MESSAGES,
  ATTACHMENT_MESSAGES,
  WORKFLOW_PATHS,
  WorkflowErrorSchema,
} from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { DC, docCheckSetUp, pdf, temporaryFilesDir, upload } from '../../test/attachment-fixtures.js';
import { createTestApp } from '../../test/test-app.js';
import { grantRegion } from '../../test/workflow-fixtures.js';
import { cleanFileName } from './upload-attachment.service.js';

const { app, adminDb } = await createTestApp({ FILES_DIR: temporaryFilesDir() });
const setUp = () => docCheckSetUp(app, adminDb);

describe('attachment upload refusals', () => {
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
});

describe('file names', () => {
  it('shows control characters and bidirectional overrides as underscores', () => {
    expect(cleanFileName(' invoice\u202Efdp.exe ')).toBe('invoice_fdp.exe');
    expect(cleanFileName('a\nb\u0000c.pdf')).toBe('a_b_c.pdf');
    expect(cleanFileName('Résumé (final).pdf')).toBe('Résumé (final).pdf');
  });
});
