import {
  Background,
  Controls,
  type Edge,
  MarkerType,
  type Node,
  type NodeProps,
  Position,
  ReactFlow,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { flattenSteps, handOverTargets, type WorkflowDefinition } from '@attest/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const COLUMN = 220;
const ROW = 110;

// A lane's label: text only, no box and no connection points (it is not a step).
function LaneLabel({ data }: NodeProps<Node<{ label: string }>>) {
  return <strong style={{ display: 'block', width: 180, textAlign: 'center' }}>{data.label}</strong>;
}
const NODE_TYPES = { lane: LaneLabel };

// The process as a map: one row per step group, its steps along it, an arrow for each hand-over
// (a step's enables, or else the next step).
export function ProcessFlow({ definition }: { definition: WorkflowDefinition }) {
  const { t } = useTranslation();
  const { nodes, edges } = useMemo(() => {
    const nodes: Node[] = [];
    const edges: Edge[] = [];
    const steps = flattenSteps(definition);
    const known = new Set(steps.map((s) => s.tag));
    definition.step_groups.forEach((group, g) => {
      nodes.push({
        id: `group:${g}`,
        type: 'lane',
        position: { x: 0, y: g * ROW },
        data: { label: group.name },
        draggable: false,
        selectable: false,
        connectable: false,
      });
      group.steps.forEach((step, s) => {
        nodes.push({
          id: step.tag,
          position: { x: (s + 1) * COLUMN, y: g * ROW },
          data: { label: step.name },
          draggable: false,
          // Steps read along their lane: hand-overs leave on the right and arrive on the left.
          sourcePosition: Position.Right,
          targetPosition: Position.Left,
        });
      });
    });
    steps.forEach((step, index) => {
      for (const target of handOverTargets(steps, index)) {
        if (known.has(target)) {
          edges.push({
            id: `${step.tag}->${target}`,
            source: step.tag,
            target,
            type: 'smoothstep',
            markerEnd: { type: MarkerType.ArrowClosed },
          });
        }
      }
    });
    return { nodes, edges };
  }, [definition]);
  return (
    // A named region, not an image: the map holds focusable steps and zoom buttons.
    <section
      style={{ height: Math.min(600, 120 + definition.step_groups.length * ROW) }}
      aria-label={t('studioDesigner.flowMap')}
    >
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        fitView
        nodesConnectable={false}
        proOptions={{ hideAttribution: true }}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </section>
  );
}
