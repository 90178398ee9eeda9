import { Background, Controls, type Edge, MarkerType, type Node, ReactFlow } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { flattenSteps, handOverTargets, type WorkflowDefinition } from '@attest/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const COLUMN = 220;
const ROW = 90;

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
        position: { x: 0, y: g * ROW },
        data: { label: group.name },
        draggable: false,
        selectable: false,
        connectable: false,
        // A lane's label, not a step: no box.
        style: { fontWeight: 700, width: 180, border: 'none', background: 'transparent', boxShadow: 'none' },
      });
      group.steps.forEach((step, s) => {
        nodes.push({
          id: step.tag,
          position: { x: (s + 1) * COLUMN, y: g * ROW },
          data: { label: step.name },
          draggable: false,
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
            markerEnd: { type: MarkerType.ArrowClosed },
          });
        }
      }
    });
    return { nodes, edges };
  }, [definition]);
  return (
    <div
      style={{ height: Math.min(600, 120 + definition.step_groups.length * ROW) }}
      role="img"
      aria-label={t('studioDesigner.flowMap')}
    >
      <ReactFlow
        nodes={nodes}
        edges={edges}
        fitView
        nodesConnectable={false}
        proOptions={{ hideAttribution: true }}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
