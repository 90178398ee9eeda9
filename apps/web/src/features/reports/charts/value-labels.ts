import { useCallback, useState } from 'react';
import type { ValueLabelMode } from './chart-options';

export type ActiveMark = { index: number; series: string | null };

// Spec 2 §4.2: value labels show always, on hover or on click. A click selects a series or slice;
// the selection resets when the mode changes (kept with the mode it was made in, and ignored after).
export function useValueLabels(mode: ValueLabelMode) {
  const [hovered, setHovered] = useState<(ActiveMark & { mode: ValueLabelMode }) | null>(null);
  const [selected, setSelected] = useState<(ActiveMark & { mode: ValueLabelMode }) | null>(null);
  const activeSelection = selected && selected.mode === mode ? selected : null;
  const activeHover = hovered && hovered.mode === mode ? hovered : null;

  const isVisible = useCallback(
    (index: number, series: string | null) => {
      if (mode === 'always') return true;
      const mark = mode === 'hover' ? activeHover : activeSelection;
      return mark !== null && mark.index === index && (mark.series === null || mark.series === series);
    },
    [mode, activeHover, activeSelection],
  );

  const select = useCallback(
    (index: number, series: string | null) => {
      setSelected((current) =>
        current && current.mode === mode && current.index === index && current.series === series
          ? null
          : { index, series, mode },
      );
    },
    [mode],
  );

  return {
    selection: activeSelection,
    isVisible,
    select,
    hover: (index: number, series: string | null) => setHovered({ index, series, mode }),
    leave: () => setHovered(null),
  };
}
