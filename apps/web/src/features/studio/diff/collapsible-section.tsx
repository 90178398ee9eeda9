import { Group, Paper, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  title: ReactNode;
  // Shown beside the title, open or closed: the section's counts.
  summary?: ReactNode;
  defaultOpen: boolean;
  children: ReactNode;
  level?: 'process' | 'items';
};

// A heading button that opens and closes its section. Closed sections render nothing inside, so a
// diff of thousands of rows costs only what is open.
export function CollapsibleSection({ title, summary, defaultOpen, children, level = 'process' }: Props) {
  const { i18n } = useTranslation();
  const [open, setOpen] = useState(defaultOpen);
  // Closed, the chevron points the way the text runs.
  const closedTurn = i18n.dir() === 'rtl' ? 'rotate(90deg)' : 'rotate(-90deg)';
  const contentId = useId();
  const Heading = level === 'process' ? 'h2' : 'h3';
  const header = (
    <Group gap="sm" wrap="wrap" justify="space-between">
      <Heading
        style={{
          margin: 0,
          fontSize: level === 'process' ? 'var(--mantine-font-size-lg)' : 'var(--mantine-font-size-md)',
        }}
      >
        <UnstyledButton
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={contentId}
          style={{ display: 'inline-flex', alignItems: 'center', gap: 8, fontWeight: 600 }}
        >
          <IconChevronDown
            size={18}
            aria-hidden
            style={{ transform: open ? undefined : closedTurn, transition: 'transform 120ms' }}
          />
          {title}
        </UnstyledButton>
      </Heading>
      {summary}
    </Group>
  );
  const body = open ? <div id={contentId}>{children}</div> : <div id={contentId} hidden />;
  if (level === 'items')
    return (
      <div>
        {header}
        {body}
      </div>
    );
  return (
    <Paper withBorder radius="md" p="md" component="section">
      {header}
      {body}
    </Paper>
  );
}
