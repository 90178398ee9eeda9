import { isUtf8 } from 'node:buffer';
import { Transform, type TransformCallback } from 'node:stream';
import { FileReaderError } from './file-reader-error.js';

// Passes the bytes through and refuses the first one that is not UTF-8 (a Latin-1 "é", a Windows-1252
// quote), naming its line, as a person can then find it. NUL is refused too: no text file holds it,
// PostgreSQL cannot store it, and a UTF-16 file without a byte order mark is full of them.
// The check follows Unicode's table of well-formed byte sequences (no overlongs, no surrogates).
export class Utf8Guard extends Transform {
  private line = 1;
  // Continuation bytes still owed by the character in progress, and the range of the next one.
  private owed = 0;
  private low = 0x80;
  private high = 0xbf;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    // Most chunks are whole, valid text: checked natively, lines counted only.
    if (this.owed === 0 && isUtf8(chunk) && chunk.indexOf(0) === -1) {
      this.line += countNewlines(chunk);
      done(null, chunk);
      return;
    }
    const bad = this.scan(chunk);
    if (bad) done(bad);
    else done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    done(this.owed > 0 ? FileReaderError.of('notUtf8', { line: this.line }) : null);
  }

  private scan(chunk: Buffer): FileReaderError | undefined {
    for (const byte of chunk) {
      if (this.owed > 0) {
        if (byte < this.low || byte > this.high) return FileReaderError.of('notUtf8', { line: this.line });
        this.owed -= 1;
        this.low = 0x80;
        this.high = 0xbf;
        continue;
      }
      if (byte < 0x80) {
        if (byte === 0) return FileReaderError.of('notUtf8', { line: this.line });
        if (byte === 0x0a) this.line += 1;
      } else if (byte >= 0xc2 && byte <= 0xdf) {
        this.owed = 1;
      } else if (byte >= 0xe0 && byte <= 0xef) {
        this.owed = 2;
        if (byte === 0xe0) this.low = 0xa0;
        if (byte === 0xed) this.high = 0x9f;
      } else if (byte >= 0xf0 && byte <= 0xf4) {
        this.owed = 3;
        if (byte === 0xf0) this.low = 0x90;
        if (byte === 0xf4) this.high = 0x8f;
      } else {
        return FileReaderError.of('notUtf8', { line: this.line });
      }
    }
    return undefined;
  }
}

function countNewlines(chunk: Buffer): number {
  let lines = 0;
  for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) lines += 1;
  return lines;
}
