import type { StepGroupDefinition } from '@attest/shared';
import { Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { lastSegment } from '../model/tree-edits';
import { groupKey, issuesFor } from '../model/validation';
import { useDesignerContext } from './designer-context';
import { IssueMessages } from './issue-messages';

export function GroupPanel({ group, index }: { group: StepGroupDefinition; index: number }) {
  const { t } = useTranslation();
  const { dispatch, issues, readOnly } = useDesignerContext();
  const own = issues.byElement.get(groupKey(index));
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t('studioDesigner.groupSettings')}
      </Title>
      <TextInput
        label={t('studioDesigner.name')}
        value={group.name}
        readOnly={readOnly}
        onChange={(e) =>
          dispatch({
            type: 'command',
            command: { type: 'setGroupName', group: index, name: e.currentTarget.value },
            mergeKey: `group-name-${index}`,
          })
        }
        error={issuesFor(own, 'name')[0]?.message}
      />
      <TextInput
        dir="ltr"
        label={t('studioDesigner.tag')}
        description={t('studioDesigner.tagHelp')}
        value={lastSegment(group.tag)}
        readOnly={readOnly}
        onChange={(e) =>
          dispatch({
            type: 'command',
            command: { type: 'setGroupTag', group: index, segment: e.currentTarget.value },
            mergeKey: `group-tag-${index}`,
          })
        }
        error={issuesFor(own, 'tag')[0]?.message}
      />
      <IssueMessages issues={(own ?? []).filter((i) => i.property !== 'name' && i.property !== 'tag')} />
    </Stack>
  );
}
