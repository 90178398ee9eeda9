import { AppError } from '../../../platform/errors.js';
import { FILE_READER_ERROR_CODES, FILE_READER_MESSAGES, FILE_READER_STATUS } from './messages.js';

type Messages = typeof FILE_READER_MESSAGES;
export type FileReaderProblem = keyof Messages;

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
