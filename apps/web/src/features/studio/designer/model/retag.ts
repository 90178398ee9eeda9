import type { Condition, StepDefinition, WorkflowDefinition } from '@attest/shared';

// A tag's prefix changed (a step moved to another group, a step or group renamed its tag): every
// tag under it and every reference to one of them (enables, conditions, alert rules, list columns
// and sorting field) follows.
export function retagPrefix(definition: WorkflowDefinition, from: string, to: string): WorkflowDefinition {
  if (from === to) return definition;
  const rename = (tag: string) =>
    tag === from ? to : tag.startsWith(`${from}__`) ? to + tag.slice(from.length) : tag;
  const condition = (c: Condition): Condition => {
    if ('all' in c) return { all: c.all.map(condition) };
    if ('any' in c) return { any: c.any.map(condition) };
    const field = rename(c.field);
    return field === c.field ? c : { ...c, field };
  };
  const step = (s: StepDefinition): StepDefinition => {
    const fields = s.fields.map((f) => {
      const tag = rename(f.tag);
      const visible = f.visible_when && condition(f.visible_when);
      return tag === f.tag && visible === f.visible_when
        ? f
        : { ...f, tag, ...(visible ? { visible_when: visible } : {}) };
    });
    const enables = s.enables?.map(rename);
    const visible = s.visible_when && condition(s.visible_when);
    const same =
      rename(s.tag) === s.tag &&
      visible === s.visible_when &&
      fields.every((f, i) => f === s.fields[i]) &&
      (enables ?? []).every((tag, i) => tag === s.enables?.[i]);
    if (same) return s;
    const next: StepDefinition = { ...s, tag: rename(s.tag), fields };
    if (enables) next.enables = enables;
    if (visible) next.visible_when = visible;
    return next;
  };
  const next: WorkflowDefinition = {
    ...definition,
    step_groups: definition.step_groups.map((g) => {
      const steps = g.steps.map(step);
      const tag = rename(g.tag);
      return tag === g.tag && steps.every((s, i) => s === g.steps[i]) ? g : { ...g, tag, steps };
    }),
  };
  if (definition.alert_rules) {
    next.alert_rules = definition.alert_rules.map((rule) => {
      const moved = { ...rule, when: condition(rule.when) };
      if (rule.field !== undefined) moved.field = rename(rule.field);
      if (rule.step !== undefined) moved.step = rename(rule.step);
      return moved;
    });
  }
  if (definition.list_columns) next.list_columns = definition.list_columns.map(rename);
  if (definition.sorting_field !== undefined) next.sorting_field = rename(definition.sorting_field);
  return next;
}
