// Stable codes of answer validation: the web app translates them (with params), the API sends the
// English message. Add codes; never rename one, translations are keyed on it.
export const ANSWER_ERROR_MESSAGES = {
  required: () => 'This field is required.',
  not_answerable: () => 'This field takes no answer.',
  invalid_type: (p) => `Enter ${p.expected}.`,
  too_short: (p) => `Enter at least ${p.min} characters.`,
  too_long: (p) => `Enter at most ${p.max} characters.`,
  too_small: (p) => `Enter a value of at least ${p.min}.`,
  too_large: (p) => `Enter a value of at most ${p.max}.`,
  not_integer: () => 'Enter a whole number.',
  too_many_decimals: (p) => `Enter a number with at most ${p.max} decimal places.`,
  not_on_step: (p) => `Enter a value in steps of ${p.step}.`,
  invalid_currency: () => 'Choose a currency by its three-letter ISO code.',
  currency_not_allowed: (p) => `Choose one of these currencies: ${p.allowed}.`,
  invalid_option: (p) => `'${p.value}' is not one of the choices.`,
  duplicate_option: (p) => `'${p.value}' is chosen more than once.`,
  too_few_selections: (p) => `Choose at least ${p.min}.`,
  too_many_selections: (p) => `Choose at most ${p.max}.`,
  must_be_checked: () => 'Tick this box to continue.',
  invalid_date: () => 'Enter a valid date.',
  date_too_early: (p) => `Enter a date on or after ${p.min}.`,
  date_too_late: (p) => `Enter a date on or before ${p.max}.`,
  invalid_relative_date: () => "Enter a period as a number and a unit (m, h, d, w or M), such as '30d'.",
  relative_date_too_large: (p) => `Enter at most ${p.max}${p.unit}.`,
  invalid_email: () => 'Enter a valid e-mail address.',
  invalid_url: () => 'Enter a valid web address starting with http:// or https://.',
  invalid_phone: () => 'Enter a phone number in international format, such as +44 20 7946 0958.',
  invalid_country: (p) => `'${p.value}' is not a country code we know.`,
  country_not_allowed: (p) => `'${p.value}' is not one of the countries allowed here.`,
  invalid_file: () => 'The file could not be read. Upload it again.',
  file_too_large: (p) => `'${p.name}' is larger than the ${p.max_mb} MB allowed.`,
  file_type_not_allowed: (p) => `'${p.name}' is not an allowed type (${p.allowed}).`,
  too_many_files: (p) => `Upload at most ${p.max} files.`,
  too_few_rows: (p) => `Add at least ${p.min} rows.`,
  too_many_rows: (p) => `Add at most ${p.max} rows.`,
  invalid_cell: (p) => `Row ${p.row}, ${p.column}: ${p.detail}`,
  invalid_id: () => 'Choose an existing record.',
  too_many_items: (p) => `Add at most ${p.max} items.`,
  invalid_json: () => 'Enter valid JSON.',
  json_too_large: (p) => `The JSON is larger than the ${p.max} characters allowed.`,
  json_too_deep: (p) => `The JSON nests deeper than the ${p.max} levels allowed.`,
} as const satisfies Record<string, (params: AnswerErrorParams) => string>;

export type AnswerErrorCode = keyof typeof ANSWER_ERROR_MESSAGES;
export type AnswerErrorParams = Readonly<Record<string, string | number>>;
export type AnswerError = { code: AnswerErrorCode; params: AnswerErrorParams; message: string };
export type AnswerResult = { ok: true; value: unknown } | { ok: false; errors: AnswerError[] };

export function answerError(code: AnswerErrorCode, params: AnswerErrorParams = {}): AnswerError {
  return { code, params, message: ANSWER_ERROR_MESSAGES[code](params) };
}

export function failAnswer(code: AnswerErrorCode, params: AnswerErrorParams = {}): AnswerResult {
  return { ok: false, errors: [answerError(code, params)] };
}

export function passAnswer(value: unknown): AnswerResult {
  return { ok: true, value };
}
