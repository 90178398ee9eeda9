import { ActionIcon, Badge, Group, SegmentedControl, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconArrowForwardUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaveState } from '../use-designer';

export type DesignerView = 'design' | 'preview';

type Props = {
  name: string;
  readOnly: boolean;
  canUndo: boolean;
  canRedo: boolean;
  issueCount: number;
  saveState: SaveState;
  view: DesignerView;
  onView: (view: DesignerView) => void;
  onUndo: () => void;
  onRedo: () => void;
  extra?: ReactNode;
};

const SAVE_COLORS: Record<SaveState, string> = {
  saved: 'green',
  pending: 'gray',
  saving: 'blue',
  failed: 'red',
};

export function DesignerToolbar(props: Props) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Group gap="sm">
        <Title order={1} size="h2">
          {props.name || t('studioDesigner.unnamed')}
        </Title>
        {props.readOnly ? (
          <Badge color="gray">{t('studioDesigner.readOnly')}</Badge>
        ) : (
          <Badge color={SAVE_COLORS[props.saveState]} variant="light" role="status">
            {t(`studioDesigner.save.${props.saveState}`)}
          </Badge>
        )}
        <Badge
          color={props.issueCount > 0 ? 'red' : 'green'}
          variant="light"
          data-testid="designer-issue-count"
        >
          {props.issueCount > 0
            ? t('studioDesigner.issueCount', { count: props.issueCount })
            : t('studioDesigner.valid')}
        </Badge>
      </Group>
      <Group gap="xs">
        {props.extra}
        {!props.readOnly && (
          <>
            <Tooltip label={t('studioDesigner.undoShortcut')}>
              <ActionIcon
                variant="default"
                size="lg"
                disabled={!props.canUndo}
                onClick={props.onUndo}
                aria-label={t('studioDesigner.undo')}
              >
                <IconArrowBackUp size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('studioDesigner.redoShortcut')}>
              <ActionIcon
                variant="default"
                size="lg"
                disabled={!props.canRedo}
                onClick={props.onRedo}
                aria-label={t('studioDesigner.redo')}
              >
                <IconArrowForwardUp size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </>
        )}
        <SegmentedControl
          value={props.view}
          onChange={(value) => props.onView(value as DesignerView)}
          data={[
            { value: 'design', label: t('studioDesigner.design') },
            { value: 'preview', label: t('studioDesigner.preview') },
          ]}
        />
      </Group>
      <Text size="xs" c="dimmed" w="100%">
        {t('studioDesigner.keyboardHint')}
      </Text>
    </Group>
  );
}
