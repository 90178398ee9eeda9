import type { WorkflowDefinition, WorkflowDetail } from '@attest/shared';
import { Box, Group, Paper, ScrollArea, Text, useDirection } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { edgePath, MAP_NODE, type MapNode, mapLayout } from '../utils/map-layout';
import { processPaths } from '../utils/process-paths';
import { TASK_ROW_COLORS, TASK_ROW_TYPES, taskRowType } from '../utils/task-row-type';

export type ProgressMapProps = { detail: WorkflowDetail; definition: WorkflowDefinition; now: Date };

const MAX_LABEL = 28;

function clip(text: string): string {
  return text.length > MAX_LABEL ? `${text.slice(0, MAX_LABEL - 1)}…` : text;
}

// Names come from the definition in any script: each label runs in its own direction, so a Latin
// name keeps its ellipsis at its end inside a right-to-left page.
const RTL_SCRIPT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;
const textDirection = (text: string) => (RTL_SCRIPT.test(text) ? 'rtl' : 'ltr');

// 'Can view progress map': the step groups and steps as one flow, each step in its task-row colour,
// the hand-overs as arrows (solid once the step before is done). A step opens on the process page.
export function ProgressMap({ detail, definition, now }: ProgressMapProps) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const layout = mapLayout(definition);
  const mirror = (node: MapNode): MapNode =>
    dir === 'rtl' ? { ...node, x: layout.width - node.x - MAP_NODE.width } : node;
  const nodes = new Map(layout.nodes.map((n) => [n.tag, mirror(n)]));
  const ltrNodes = new Map(layout.nodes.map((n) => [n.tag, n]));
  const states = new Map(detail.steps.map((s) => [s.tag, s]));
  const names = new Map(definition.step_groups.flatMap((g) => g.steps.map((s) => [s.tag, s.name])));
  const typeOf = (tag: string) => {
    const step = states.get(tag);
    return step ? taskRowType(step, now) : 'neutral';
  };

  return (
    <Paper withBorder radius="md" p={0}>
      <ScrollArea type="auto">
        <svg
          width={layout.width}
          height={layout.height}
          viewBox={`0 0 ${layout.width} ${layout.height}`}
          // A drawing (its own role), not an image: its steps are links a keyboard reaches (issue 14,
          // nested-interactive).
          aria-label={t('process.map.label', { name: detail.name })}
          style={{ display: 'block' }}
        >
          <defs>
            <marker
              id="map-arrow"
              viewBox="0 0 10 10"
              refX="8"
              refY="5"
              markerWidth="7"
              markerHeight="7"
              orient="auto-start-reverse"
            >
              <path d="M 0 0 L 10 5 L 0 10 z" fill="var(--mantine-color-gray-6)" />
            </marker>
            <marker
              id="map-arrow-done"
              viewBox="0 0 10 10"
              refX="8"
              refY="5"
              markerWidth="7"
              markerHeight="7"
              orient="auto-start-reverse"
            >
              <path d="M 0 0 L 10 5 L 0 10 z" fill="var(--mantine-color-teal-6)" />
            </marker>
          </defs>
          {layout.columns.map((column) => {
            const x = dir === 'rtl' ? layout.width - column.x - MAP_NODE.width : column.x;
            return (
              <text
                key={column.tag}
                x={x + MAP_NODE.width / 2}
                y={MAP_NODE.padding + 18}
                textAnchor="middle"
                fontSize={12}
                fontWeight={700}
                fill="var(--mantine-color-dimmed)"
                direction={textDirection(column.name)}
                style={{ textTransform: 'uppercase', letterSpacing: 0.5 }}
              >
                {clip(column.name)}
              </text>
            );
          })}
          {layout.edges.map((edge) => {
            // Arrows are drawn in reading order and mirrored as a whole for right-to-left.
            const from = ltrNodes.get(edge.from);
            const to = ltrNodes.get(edge.to);
            if (!from || !to) return null;
            const done = states.get(edge.from)?.state === 'completed';
            const hidden =
              states.get(edge.from)?.state === 'hidden' || states.get(edge.to)?.state === 'hidden';
            return (
              <path
                key={`${edge.from}->${edge.to}`}
                d={edgePath(from, to)}
                transform={dir === 'rtl' ? `translate(${layout.width} 0) scale(-1 1)` : undefined}
                fill="none"
                stroke={done ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-gray-5)'}
                strokeWidth={done ? 2 : 1.5}
                strokeDasharray={done ? undefined : '5 4'}
                opacity={hidden ? 0.35 : 1}
                markerEnd={done ? 'url(#map-arrow-done)' : 'url(#map-arrow)'}
              />
            );
          })}
          {[...nodes.values()].map((node) => {
            const type = typeOf(node.tag);
            const color = TASK_ROW_COLORS[type];
            const name = names.get(node.tag) ?? node.tag;
            return (
              <Link
                key={node.tag}
                to={`${processPaths.page(detail.id)}?group=${encodeURIComponent(node.group)}&step=${encodeURIComponent(node.tag)}`}
                aria-label={`${name}: ${t(`process.row.type.${type}`)}`}
              >
                <g opacity={type === 'hidden' ? 0.5 : 1}>
                  <title>{`${name} — ${t(`process.row.type.${type}`)}`}</title>
                  <rect
                    x={node.x}
                    y={node.y}
                    width={MAP_NODE.width}
                    height={MAP_NODE.height}
                    rx={8}
                    fill={`var(--mantine-color-${color}-0)`}
                    stroke={`var(--mantine-color-${color}-6)`}
                    strokeWidth={type === 'my-task' ? 2.5 : 1.5}
                    strokeDasharray={type === 'hidden' ? '4 3' : undefined}
                  />
                  {/* The whole name is in the page and CSS clips it, so what shows is part of the
                      link's name (issue 14, WCAG 2.5.3: label in name). */}
                  <foreignObject x={node.x + 8} y={node.y + 12} width={MAP_NODE.width - 16} height={18}>
                    <div
                      dir="auto"
                      style={{
                        fontSize: 13,
                        fontWeight: 600,
                        lineHeight: '18px',
                        textAlign: 'center',
                        whiteSpace: 'nowrap',
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        color: 'var(--mantine-color-text)',
                      }}
                    >
                      {name}
                    </div>
                  </foreignObject>{' '}
                  <text
                    x={node.x + MAP_NODE.width / 2}
                    y={node.y + 42}
                    textAnchor="middle"
                    fontSize={11}
                    fill={`var(--mantine-color-${color}-8)`}
                  >
                    {t(`process.row.type.${type}`)}
                  </text>
                </g>
              </Link>
            );
          })}
        </svg>
      </ScrollArea>
      <Group
        gap="md"
        p="sm"
        wrap="wrap"
        style={{ borderBlockStart: '1px solid var(--mantine-color-default-border)' }}
      >
        {TASK_ROW_TYPES.map((type) => (
          <Group key={type} gap={6} wrap="nowrap">
            <Box
              w={12}
              h={12}
              style={{
                borderRadius: 3,
                background: `var(--mantine-color-${TASK_ROW_COLORS[type]}-0)`,
                border: `1.5px solid var(--mantine-color-${TASK_ROW_COLORS[type]}-6)`,
              }}
            />
            <Text fz="xs" c="dimmed">
              {t(`process.row.type.${type}`)}
            </Text>
          </Group>
        ))}
      </Group>
    </Paper>
  );
}
