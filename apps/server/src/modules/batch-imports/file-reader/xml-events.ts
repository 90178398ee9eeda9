import { StringDecoder } from 'node:string_decoder';
import { SaxesParser } from 'saxes';
import { FileReaderError } from './file-reader-error.js';

// Handlers for one XML part, called as saxes reads it. Element names lose their prefix ("x:row" is
// "row"): some writers prefix SpreadsheetML, and only the main namespace's elements are read.
export type XmlHandlers<T> = {
  open?(name: string, attributes: Record<string, string>, emit: (item: T) => void): void;
  text?(text: string): void;
  close?(name: string, emit: (item: T) => void): void;
};

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

// Parses the part chunk by chunk, yielding what the handlers emit after each chunk: memory holds one
// chunk's items, whatever the part's size. saxes expands no DTD entities, so no "billion laughs".
export async function* xmlEvents<T>(
  chunks: AsyncIterable<Buffer>,
  handlers: XmlHandlers<T>,
): AsyncGenerator<T> {
  const parser = new SaxesParser();
  const decoder = new StringDecoder('utf8');
  let ready: T[] = [];
  let failure: unknown;
  const emit = (item: T) => ready.push(item);
  // A handler's own refusal (a formula) wins over the XML error it may leave behind.
  const guard = (run: () => void) => {
    if (failure) return;
    try {
      run();
    } catch (error) {
      failure = error;
    }
  };
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag) => {
    guard(() => handlers.open?.(localName(tag.name), tag.attributes as Record<string, string>, emit));
  });
  parser.on('text', (text) => guard(() => handlers.text?.(text)));
  parser.on('cdata', (text) => guard(() => handlers.text?.(text)));
  parser.on('closetag', (tag) => guard(() => handlers.close?.(localName(tag.name), emit)));

  const flush = function* () {
    if (failure) throw asReaderError(failure);
    const items = ready;
    ready = [];
    yield* items;
  };
  for await (const chunk of chunks) {
    parser.write(decoder.write(chunk));
    yield* flush();
  }
  parser.write(decoder.end());
  parser.close();
  yield* flush();
}

function asReaderError(error: unknown): unknown {
  return error instanceof FileReaderError ? error : FileReaderError.of('workbookUnreadable');
}

// Reads a whole (small) part for its side effects in the handlers.
export async function readXml(chunks: AsyncIterable<Buffer>, handlers: XmlHandlers<never>): Promise<void> {
  for await (const _ of xmlEvents(chunks, handlers)) {
    // nothing is emitted
  }
}
