import {
  BADGE_LABEL_MAX_LENGTH,
  type BadgeDefinition,
  type BadgeDefinitionCreate,
  type BadgeIcon,
  type ConditionGroup,
  emptyConditionGroup,
  isEmptyGroup,
  isHexColor,
  isValidTagSegment,
  validateConditionGroup,
} from '@attest/shared';

// The editor's draft and its checks before sending (the server checks the same with the same rules).
export type BadgeDraft = {
  tag: string;
  label: string;
  // The label per offered language; an empty one falls back to the label.
  translations: Record<string, string>;
  colour: string;
  icon: BadgeIcon;
  kindId: number | null;
  rule: ConditionGroup;
};

export const NEW_BADGE: BadgeDraft = {
  tag: '',
  label: '',
  translations: {},
  colour: '#1c7ed6',
  icon: 'star',
  kindId: null,
  rule: emptyConditionGroup(),
};

export function draftOf(definition: BadgeDefinition): BadgeDraft {
  return {
    tag: definition.tag,
    label: definition.label,
    translations: { ...definition.label_translations },
    colour: definition.colour,
    icon: definition.icon,
    kindId: definition.kind_id,
    rule: definition.rule,
  };
}

export type DraftErrors = Partial<Record<'tag' | 'label' | 'colour' | 'rule', string>>;

// Translation keys of the draft's problems, by field.
export function draftErrors(draft: BadgeDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (!isValidTagSegment(draft.tag)) errors.tag = 'badges.form.tagInvalid';
  if (draft.label.trim() === '' || draft.label.length > BADGE_LABEL_MAX_LENGTH) {
    errors.label = 'badges.form.labelRequired';
  }
  if (Object.values(draft.translations).some((label) => label.length > BADGE_LABEL_MAX_LENGTH)) {
    errors.label = 'badges.form.labelRequired';
  }
  if (!isHexColor(draft.colour)) errors.colour = 'badges.form.colourInvalid';
  // A rule awards the badge: at least one condition, each complete (the builder marks which).
  if (isEmptyGroup(draft.rule)) errors.rule = 'badges.form.ruleRequired';
  else if (!validateConditionGroup(draft.rule).valid) errors.rule = 'badges.form.ruleIncomplete';
  return errors;
}

// The filled translations, trimmed; an emptied one is dropped, so the label shows again.
export function translationsOf(draft: BadgeDraft): Record<string, string> {
  return Object.fromEntries(
    Object.entries(draft.translations)
      .map(([code, label]) => [code, label.trim()] as const)
      .filter(([, label]) => label !== ''),
  );
}

export function createBody(draft: BadgeDraft): BadgeDefinitionCreate {
  return {
    tag: draft.tag,
    label: draft.label.trim(),
    label_translations: translationsOf(draft),
    colour: draft.colour,
    icon: draft.icon,
    kind_id: draft.kindId,
    rule: draft.rule,
  };
}
