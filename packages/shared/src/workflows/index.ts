// The workflow engine both sides run (issue 4). Internal validators per type stay unexported:
// validateAnswer is the one entry point, so there is one rule per type.
export * from './answer-edits.js';
export * from './answer-errors.js';
export * from './answer-validation.js';
export { BADGE_TAG_MAX_LENGTH, MAX_BADGE_TAGS } from './answer-validation-choices.js';
export * from './answer-validation-files.js';
export {
  DEFAULT_CURRENCY_DECIMALS,
  DEFAULT_RATING_MAX,
  MAX_CHILD_WORKFLOWS,
  MAX_RATING,
} from './answer-validation-numbers.js';
export { DEFAULT_MAX_LENGTH, EMAIL_MAX_LENGTH, RELATIVE_PERIOD_MAX } from './answer-validation-text.js';
export * from './answers.js';
export * from './api.js';
export * from './attachments.js';
export * from './conditions.js';
export * from './countries.js';
export * from './definition-schema.js';
export * from './field-schema.js';
export * from './field-types.js';
export * from './params.js';
export * from './progression.js';
export * from './search-columns.js';
export * from './tags.js';
export * from './timing.js';
