// The badges feature's public face (issue 19): Settings > Badges, and the chips other features show
// on workflows (the list, the workflow page's header, the task rows).
export { useBadgeChoices } from './api/badge-choices';
export { BadgeChip } from './components/badge-chip';
export { BADGE_OVERFLOW_COUNT, BadgeChips } from './components/badge-chips';
export { BadgesPage } from './components/badges-page';
export type { KindChoice, RenderRuleBuilder, RuleBuilderProps } from './components/rule-builder';
export { WorkflowBadges } from './components/workflow-badges';
