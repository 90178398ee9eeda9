import { SEARCH_MIN_WORD_LENGTH } from './api.js';

export type SearchTerms = {
  // A number, or '#' and a number: the workflow with that id.
  workflowId: number | null;
  // The text names, answers and comments must contain (lower case, inner spaces collapsed); null
  // when shorter than a trigram (SEARCH_MIN_WORD_LENGTH).
  phrase: string | null;
};

const ID = /^#?\s*(\d{1,15})$/;

export function searchTerms(q: string): SearchTerms {
  const trimmed = q.trim().replace(/\s+/g, ' ');
  const id = ID.exec(trimmed);
  const workflowId = id ? Number(id[1]) : null;
  const phrase = trimmed.toLowerCase();
  return {
    workflowId: workflowId !== null && workflowId >= 1 ? workflowId : null,
    // '#123' asks for the id only; '123' is also looked for in names and answers.
    phrase: phrase.length >= SEARCH_MIN_WORD_LENGTH && !trimmed.startsWith('#') ? phrase : null,
  };
}
