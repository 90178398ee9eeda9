import { describe, expect, it } from 'vitest';
import { contentMatchesType } from './content-sniffing.js';

const bytes = (...values: number[]) => Buffer.from(values);

describe('contentMatchesType', () => {
  it('takes files whose first bytes match their claimed type', () => {
    expect(contentMatchesType('application/pdf', Buffer.from('%PDF-1.7\n'))).toBe(true);
    expect(contentMatchesType('image/png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe(
      true,
    );
    expect(contentMatchesType('image/jpeg', bytes(0xff, 0xd8, 0xff, 0xe0))).toBe(true);
    expect(contentMatchesType('image/gif', Buffer.from('GIF89a...'))).toBe(true);
    expect(contentMatchesType('image/webp', Buffer.from('RIFF\u0001\u0002\u0003\u0004WEBPVP8 '))).toBe(true);
    expect(
      contentMatchesType(
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        bytes(0x50, 0x4b, 0x03, 0x04, 0x14),
      ),
    ).toBe(true);
  });

  it('refuses a file disguised as another type, or too short to tell', () => {
    expect(contentMatchesType('application/pdf', Buffer.from('MZ\u0090\u0000'))).toBe(false);
    expect(contentMatchesType('image/png', bytes(0xff, 0xd8, 0xff))).toBe(false);
    expect(contentMatchesType('application/pdf', Buffer.from('%PD'))).toBe(false);
  });

  it('takes types it has no signature for as declared', () => {
    expect(contentMatchesType('text/csv', Buffer.from('a,b\n'))).toBe(true);
    expect(contentMatchesType('application/octet-stream', bytes(0, 1, 2))).toBe(true);
  });
});
