import type { ConditionGroup } from '@attest/shared';
import type { ReactNode } from 'react';

// The dashboard's condition builder, given by the app (features compose only through app/): the
// badges feature says which kind's attributes the rule may name.
export type RuleBuilderProps = {
  kindId: number | null;
  value: ConditionGroup;
  onChange: (value: ConditionGroup) => void;
};
export type RenderRuleBuilder = (props: RuleBuilderProps) => ReactNode;

export type KindChoice = { id: number; name: string };
