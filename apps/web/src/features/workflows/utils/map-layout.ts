import { handOverTargets, type WorkflowDefinition } from '@attest/shared';

// The progress map's geometry: step groups are columns in order, their steps stacked in each;
// hand-overs are the arrows between steps (definition-schema.ts handOverTargets).
export const MAP_NODE = { width: 220, height: 56, gapX: 72, gapY: 18, header: 36, padding: 16 } as const;
// Room after the last column for the bends of hand-overs within it.
const BEND_ROOM = 40;

export type MapNode = { tag: string; group: string; x: number; y: number };
export type MapEdge = { from: string; to: string };
export type MapLayout = {
  width: number;
  height: number;
  columns: { tag: string; name: string; x: number }[];
  nodes: MapNode[];
  edges: MapEdge[];
};

// x runs in reading order; the caller mirrors it for right-to-left languages.
export function mapLayout(definition: WorkflowDefinition): MapLayout {
  const { width, height, gapX, gapY, header, padding } = MAP_NODE;
  const columns = definition.step_groups.map((group, g) => ({
    tag: group.tag,
    name: group.name,
    x: padding + g * (width + gapX),
  }));
  const nodes = definition.step_groups.flatMap((group, g) =>
    group.steps.map((step, s) => ({
      tag: step.tag,
      group: group.tag,
      x: padding + g * (width + gapX),
      y: padding + header + s * (height + gapY),
    })),
  );
  const steps = definition.step_groups.flatMap((group) => group.steps);
  const edges = steps.flatMap((step, index) =>
    handOverTargets(steps, index).map((to) => ({ from: step.tag, to })),
  );
  const tallest = Math.max(...definition.step_groups.map((g) => g.steps.length));
  return {
    width: padding * 2 + BEND_ROOM + columns.length * width + (columns.length - 1) * gapX,
    height: padding * 2 + header + tallest * height + (tallest - 1) * gapY,
    columns,
    nodes,
    edges,
  };
}

// A curve from the end of one node to the start of the next; within a column, a bend on the side.
export function edgePath(from: MapNode, to: MapNode): string {
  const { width, height } = MAP_NODE;
  const y1 = from.y + height / 2;
  const y2 = to.y + height / 2;
  if (from.x === to.x) {
    const x = from.x + width;
    const bend = x + 28;
    return `M ${x} ${y1} C ${bend} ${y1}, ${bend} ${y2}, ${x + 6} ${y2}`;
  }
  const forward = to.x > from.x;
  const x1 = forward ? from.x + width : from.x;
  const x2 = forward ? to.x - 6 : to.x + width + 6;
  const mid = (x1 + x2) / 2;
  return `M ${x1} ${y1} C ${mid} ${y1}, ${mid} ${y2}, ${x2} ${y2}`;
}
