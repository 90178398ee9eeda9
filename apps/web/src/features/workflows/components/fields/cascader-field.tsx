import type { CascaderOption } from '@attest/shared';
import { Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { asStringList } from './choice-fields';
import { type ControlProps, inputChrome, LIST_WHEN_OPEN } from './control-props';
import { useDraft } from './use-draft';

type Level = { options: readonly CascaderOption[]; chosen: string | null };

// The choice at each level and the options under it, down to the first level not yet chosen.
function levelsOf(root: readonly CascaderOption[], path: readonly string[]): Level[] {
  const levels: Level[] = [];
  let options: readonly CascaderOption[] | undefined = root;
  for (let depth = 0; options && options.length > 0; depth++) {
    const chosen = path[depth] ?? null;
    levels.push({ options, chosen });
    options = chosen ? options.find((option) => option.value === chosen)?.children : undefined;
  }
  return levels;
}

// A cascader as nested selects: the answer is the path of values down to a leaf, saved once a leaf
// is chosen (half a path is no answer).
export function CascaderField(props: ControlProps) {
  const { t } = useTranslation();
  const { draft, edit } = useDraft(props.value, asStringList, props.onChange);
  const levels = levelsOf(props.field.cascader_options ?? [], draft);
  const choose = (depth: number, value: string | null) => {
    const path = value ? [...draft.slice(0, depth), value] : draft.slice(0, depth);
    const answer = path.length > 0 ? path : null;
    edit(path, answer);
    const leaf = levelsOf(props.field.cascader_options ?? [], path).length === path.length;
    if (leaf || path.length === 0) props.onCommit(answer);
  };
  return (
    <Stack gap="xs">
      {levels.map((level, depth) => (
        <Select
          comboboxProps={LIST_WHEN_OPEN}
          // biome-ignore lint/suspicious/noArrayIndexKey: a level is its depth.
          key={depth}
          {...(depth === 0
            ? inputChrome(props.chrome)
            : { 'aria-label': t('fields.cascaderLevel', { label: props.chrome.label, level: depth + 1 }) })}
          readOnly={props.readOnly}
          placeholder={props.readOnly ? undefined : t('fields.choose')}
          data={level.options.map((option) => ({ value: option.value, label: option.label }))}
          value={level.chosen}
          searchable
          clearable={!props.readOnly}
          onChange={(value) => choose(depth, value)}
        />
      ))}
    </Stack>
  );
}
