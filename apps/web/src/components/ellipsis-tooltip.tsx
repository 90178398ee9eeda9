import { Text, type TextProps, Tooltip } from '@mantine/core';
import {
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { TOOLTIP_DEFAULTS } from './layout-constants';

// True when the element's text does not fit: cut off at its end (one line) or below its last line
// (a line clamp).
export function isTruncated(element: HTMLElement, lines = 1): boolean {
  if (element.scrollWidth > element.clientWidth + 1) return true;
  return lines > 1 && element.scrollHeight > element.clientHeight + 1;
}

// Handlers for the element whose text may be cut; it is measured from the event.
type Handlers = {
  onMouseEnter: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave: () => void;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  onBlur: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
};

// Spec 2 §2.9 (Tooltip): a tooltip that appears 100 ms after hover or focus, hides on leave, on
// scroll and on Escape; in the ellipsis variant only when the element's content is truncated
// (measured when it would open, so a resize or a longer text needs nothing more).
export function useEllipsisTooltip({ lines = 1, always = false }: { lines?: number; always?: boolean } = {}) {
  const [opened, setOpened] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback(
    (event: { currentTarget: HTMLElement }) => {
      const element = event.currentTarget;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        if (always || isTruncated(element, lines)) setOpened(true);
      }, TOOLTIP_DEFAULTS.openDelay);
    },
    [always, lines],
  );
  const hide = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpened(false), TOOLTIP_DEFAULTS.closeDelay);
  }, []);
  const hideNow = useCallback(() => {
    clearTimeout(timer.current);
    setOpened(false);
  }, []);

  useEffect(() => {
    if (!opened) return;
    window.addEventListener('scroll', hideNow, { capture: true, passive: true });
    return () => window.removeEventListener('scroll', hideNow, { capture: true });
  }, [opened, hideNow]);

  const handlers: Handlers = {
    onMouseEnter: show,
    onMouseLeave: hide,
    onFocus: show,
    onBlur: hideNow,
    onKeyDown: (event) => {
      if (event.key === 'Escape' && opened) {
        event.stopPropagation();
        hideNow();
      }
    },
  };
  return { opened, handlers };
}

type EllipsisTooltipProps = Omit<TextProps, 'children'> & {
  // The full text: shown (cut with an ellipsis when it does not fit) and in the tooltip.
  label: string;
  // What the text shows, when not the label itself (e.g. the label wrapped in <bdi>).
  children?: ReactNode;
  // More than one line before the ellipsis.
  lineClamp?: number;
  // Tooltip text other than the label, shown whether truncated or not.
  tooltip?: ReactNode;
  component?: 'p' | 'span' | 'div';
  id?: string;
  tabIndex?: number;
  dir?: string;
};

// A Text cut with an ellipsis where it does not fit; hovering or focusing it shows the whole text in a
// tooltip, only when it is actually cut.
export function EllipsisTooltip({ label, children, lineClamp, tooltip, ...textProps }: EllipsisTooltipProps) {
  const { opened, handlers } = useEllipsisTooltip({
    lines: lineClamp ?? 1,
    always: tooltip !== undefined,
  });
  return (
    <Tooltip
      label={tooltip ?? label}
      opened={opened}
      multiline
      maw={360}
      style={{ overflowWrap: 'anywhere' }}
    >
      <Text
        {...textProps}
        {...(lineClamp && lineClamp > 1 ? { lineClamp } : { truncate: 'end' as const })}
        {...handlers}
        data-ellipsis-tooltip=""
      >
        {children ?? label}
      </Text>
    </Tooltip>
  );
}
