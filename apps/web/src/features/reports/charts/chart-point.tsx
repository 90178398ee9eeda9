// One point of a line or spider chart: a focusable circle that selects on click, Enter or Space
// (spec 2 §4.2) and shows its value label on hover; the selected point is drawn larger and filled.
export type ChartPointProps = {
  cx: number;
  cy: number;
  colour: string;
  active: boolean;
  className: string;
  label: string;
  onSelect: () => void;
  onHover: () => void;
  onLeave: () => void;
};

export function ChartPoint({
  cx,
  cy,
  colour,
  active,
  className,
  label,
  onSelect,
  onHover,
  onLeave,
}: ChartPointProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG point cannot be a <button>; it takes the role instead
    <circle
      cx={cx}
      cy={cy}
      r={active ? 6 : 4}
      fill={active ? colour : '#fff'}
      stroke={colour}
      strokeWidth={2}
      className={className}
      data-active={active ? 'true' : undefined}
      style={{ cursor: 'pointer' }}
      role="button"
      tabIndex={0}
      aria-label={label}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') onSelect();
      }}
      onClick={onSelect}
      onMouseEnter={onHover}
      onMouseLeave={onLeave}
    />
  );
}
