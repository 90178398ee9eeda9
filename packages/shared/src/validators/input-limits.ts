import { z } from 'zod';

// Issue 12: limits every request meets before any schema runs. No screen of the product nests a
// body deeper than about a dozen levels; 32 leaves room and keeps a hostile body cheap to refuse.
export const MAX_JSON_DEPTH = 32;

export const INPUT_LIMIT_MESSAGES = {
  tooDeep: `The request body nests too deeply (at most ${MAX_JSON_DEPTH} levels).`,
  // PostgreSQL cannot store U+0000 in text (SQLSTATE 22021, 22P05), so no field may carry it.
  nulCharacter: 'Text may not contain the NUL character (U+0000).',
  invalidText: 'The request contains text the database cannot store.',
  invalidUtf8: 'The request body is not valid UTF-8.',
  invalidAddress: 'The address is not valid.',
  addressPartTooLong: 'A part of the address is too long.',
} as const;

export function containsNul(value: string): boolean {
  return value.includes('\u0000');
}

// The string every shared text schema starts from: the browser and the server both refuse NUL.
export function text() {
  return z.string().refine((value) => !containsNul(value), { message: INPUT_LIMIT_MESSAGES.nulCharacter });
}
