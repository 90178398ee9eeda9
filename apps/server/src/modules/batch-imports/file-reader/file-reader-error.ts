import { FILE_READER_ERROR_CODES, FILE_READER_MESSAGES } from '@attest/shared';
import { AppError } from '../../../platform/errors.js';

type Messages = typeof FILE_READER_MESSAGES;
export type FileReaderProblem = keyof Messages;

// 413 for size (as the upload cap answers), 400 for everything else that is wrong with the file. The
// codes and messages are shared (the web app translates by code); the status is the server's.
const FILE_READER_STATUS: Record<FileReaderProblem, 400 | 413> = {
  fileTooLarge: 413,
  fileEmpty: 400,
  notUtf8: 400,
  utf16: 400,
  legacyXls: 400,
  notWorkbook: 400,
  workbookUnreadable: 400,
  workbookNoSheet: 400,
  workbookPartTooLarge: 413,
  workbookCompressionRatio: 400,
  workbookTooManyParts: 400,
  formulaCell: 400,
  csvMalformed: 400,
  tooManyRows: 400,
  tooManyColumns: 400,
  cellTooLong: 400,
};

// One typed error for every refusal of an import file: an AppError, so the error handler answers it
// as `{detail, code}` with its 4xx status; `params` carries the numbers the message was made from, for
// the web app's translated message.
export class FileReaderError extends AppError {
  readonly problem: FileReaderProblem;
  readonly params: Readonly<Record<string, string | number>>;

  private constructor(problem: FileReaderProblem, params: Record<string, string | number>, message: string) {
    super(FILE_READER_STATUS[problem], FILE_READER_ERROR_CODES[problem], message);
    this.problem = problem;
    this.params = params;
  }

  static of<P extends FileReaderProblem>(problem: P, ...args: Parameters<Messages[P]>): FileReaderError {
    const message = (FILE_READER_MESSAGES[problem] as (...a: Parameters<Messages[P]>) => string)(...args);
    return new FileReaderError(problem, (args[0] ?? {}) as Record<string, string | number>, message);
  }
}
