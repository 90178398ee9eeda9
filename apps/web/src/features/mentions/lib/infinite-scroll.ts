// Spec 1 §9: the mentions drawer loads the next page within 250 px of the end of the list.
export const INFINITE_SCROLL_THRESHOLD_PX = 250;

type Scroll = { scrollTop: number; scrollHeight: number; clientHeight: number };

export function nearEnd(
  { scrollTop, scrollHeight, clientHeight }: Scroll,
  threshold = INFINITE_SCROLL_THRESHOLD_PX,
) {
  return scrollHeight - scrollTop - clientHeight <= threshold;
}
