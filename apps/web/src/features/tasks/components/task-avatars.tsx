import { Avatar, Group, Tooltip, UnstyledButton } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOOLTIP_DEFAULTS } from '../../../components/layout-constants';
import { PersonAvatar } from '../../../components/person-avatar';
import { distinctLetters } from '../../../lib/format/initials';
import type { TaskAssignee } from '../api/task-contract';

// Spec 2 §9.2: two avatars plus a +N counter, which expands on hover or focus and collapses 0.3 s
// after the pointer or focus leaves (so a pointer crossing a gap does not make it flicker).
export const AVATARS_SHOWN = 2;
export const AVATARS_COLLAPSE_MS = 300;

export function TaskAvatars({ assignees, size = 24 }: { assignees: readonly TaskAssignee[]; size?: number }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (assignees.length === 0) return null;

  const open = () => {
    clearTimeout(timer.current);
    setExpanded(true);
  };
  const close = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setExpanded(false), AVATARS_COLLAPSE_MS);
  };
  const more = assignees.length - AVATARS_SHOWN;
  const shown = expanded || more <= 0 ? assignees : assignees.slice(0, AVATARS_SHOWN);
  const letters = distinctLetters(shown.map((a) => a.name));
  return (
    <Group
      gap={4}
      wrap="nowrap"
      data-testid="task-avatars"
      data-expanded={expanded || undefined}
      onMouseEnter={open}
      onMouseLeave={close}
      onFocus={open}
      onBlur={close}
    >
      <Avatar.Group spacing={expanded ? 2 : 6}>
        {shown.map((assignee, index) => (
          <PersonAvatar
            key={`${assignee.kind}-${assignee.id}`}
            colorKey={assignee.kind === 'group' ? `group-${assignee.id}` : assignee.id}
            name={
              assignee.kind === 'group'
                ? t('tasks.row.groupAssignee', { name: assignee.name })
                : assignee.name
            }
            letters={letters[index]}
            size={size}
            secondary={assignee.kind === 'group'}
          />
        ))}
      </Avatar.Group>
      {more > 0 && (
        <Tooltip
          label={assignees
            .slice(AVATARS_SHOWN)
            .map((a) => a.name)
            .join(', ')}
          {...TOOLTIP_DEFAULTS}
          withArrow
          multiline
          maw={260}
        >
          {/* Stays in place when expanded, so the keyboard focus on it is not lost. */}
          <UnstyledButton
            aria-expanded={expanded}
            aria-label={t('tasks.row.moreAssignees', { count: more })}
            onClick={() => (expanded ? setExpanded(false) : open())}
          >
            <Avatar size={size} radius="xl" color="gray" component="span" aria-hidden>
              {expanded ? '−' : `+${more}`}
            </Avatar>
          </UnstyledButton>
        </Tooltip>
      )}
    </Group>
  );
}
