import { describe, expect, it } from 'vitest';
import type { AnswerResult } from './answer-errors.js';
import { validateAnswer } from './answer-validation.js';
import { checkFile, DEFAULT_MAX_FILE_SIZE_BYTES } from './answer-validation-files.js';
import type { FieldDefinition } from './field-schema.js';
import type { FieldType } from './field-types.js';

function testField(type: FieldType, extra: Partial<FieldDefinition> = {}): FieldDefinition {
  return { tag: 'kind__group__step__field', type, label: 'Field', ...extra };
}

function codes(result: AnswerResult): string[] {
  return result.ok ? [] : result.errors.map((error) => error.code);
}

const MB = 1024 * 1024;
const pdf = { id: 9, name: 'iso27001.pdf', size: 2 * MB, content_type: 'Application/PDF' };

describe('single files', () => {
  const field = testField('file', {
    validation: { max_size_bytes: 10 * MB, allowed_types: ['application/pdf', 'image/*'] },
  });

  it.each(['file', 's3_object', 'e_signature'] as const)(
    '%s takes the metadata of a stored upload',
    (type) => {
      expect(validateAnswer({ ...field, type }, pdf)).toEqual({
        ok: true,
        value: { ...pdf, content_type: 'application/pdf' },
      });
    },
  );

  it('keeps the upload uid that downloads name, and refuses a malformed one', () => {
    const uid = '3f2b8c1e-0a4d-4e5f-9b6a-7c8d9e0f1a2b';
    expect(validateAnswer(field, { ...pdf, uid })).toEqual({
      ok: true,
      value: { ...pdf, uid, content_type: 'application/pdf' },
    });
    expect(codes(validateAnswer(field, { ...pdf, uid: '../../etc/passwd' }))).toEqual(['invalid_file']);
    expect(codes(validateAnswer(field, { ...pdf, uid: 42 }))).toEqual(['invalid_file']);
  });

  it('refuses a file over the size limit, naming it', () => {
    expect(validateAnswer(field, { ...pdf, size: 11 * MB })).toEqual({
      ok: false,
      errors: [
        {
          code: 'file_too_large',
          params: { name: 'iso27001.pdf', max_mb: 10 },
          message: "'iso27001.pdf' is larger than the 10 MB allowed.",
        },
      ],
    });
  });

  it('matches content types, type families and extensions', () => {
    expect(validateAnswer(field, { ...pdf, name: 'scan.png', content_type: 'image/png' }).ok).toBe(true);
    expect(validateAnswer(field, { ...pdf, name: 'notes.docx', content_type: 'application/msword' })).toEqual(
      {
        ok: false,
        errors: [
          {
            code: 'file_type_not_allowed',
            params: { name: 'notes.docx', allowed: 'application/pdf, image/*' },
            message: "'notes.docx' is not an allowed type (application/pdf, image/*).",
          },
        ],
      },
    );
    const byExtension = testField('file', { validation: { allowed_types: ['.docx'] } });
    expect(
      validateAnswer(byExtension, { ...pdf, name: 'Contract.DOCX', content_type: 'application/octet-stream' })
        .ok,
    ).toBe(true);
  });

  it('refuses metadata that is not a stored upload', () => {
    expect(validateAnswer(field, { name: 'a.pdf', size: 1, content_type: 'application/pdf' })).toEqual({
      ok: false,
      errors: [{ code: 'invalid_file', params: {}, message: 'The file could not be read. Upload it again.' }],
    });
    expect(codes(validateAnswer(field, { ...pdf, size: -1 }))).toEqual(['invalid_file']);
    expect(codes(validateAnswer(field, { ...pdf, name: ' ' }))).toEqual(['invalid_file']);
    expect(codes(validateAnswer(field, 'a.pdf'))).toEqual(['invalid_file']);
  });

  it('checks a file before upload, with 25 MB when the field sets no limit', () => {
    const plain = testField('file');
    expect(
      checkFile(plain, { name: 'a.zip', size: DEFAULT_MAX_FILE_SIZE_BYTES, content_type: 'application/zip' }),
    ).toEqual([]);
    expect(
      checkFile(plain, {
        name: 'a.zip',
        size: DEFAULT_MAX_FILE_SIZE_BYTES + 1,
        content_type: 'application/zip',
      }).map((e) => e.code),
    ).toEqual(['file_too_large']);
  });
});

describe('multiple files', () => {
  it.each(['multi_file', 'attachment'] as const)('%s takes a bounded list of uploads', (type) => {
    const field = testField(type, { validation: { max_files: 2 } });
    expect(validateAnswer(field, [pdf, { ...pdf, id: 10 }]).ok).toBe(true);
    expect(validateAnswer(field, [pdf, pdf, pdf])).toEqual({
      ok: false,
      errors: [{ code: 'too_many_files', params: { max: 2 }, message: 'Upload at most 2 files.' }],
    });
    expect(codes(validateAnswer(field, [pdf, { nope: true }]))).toEqual(['invalid_file']);
    expect(codes(validateAnswer(field, pdf))).toEqual(['invalid_type']);
  });
});
