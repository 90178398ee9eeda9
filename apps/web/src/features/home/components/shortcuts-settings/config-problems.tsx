import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type JsonProblem, problemPlace } from '../../../../components/json-editor/json-editor-rules';

// Spec 2 §5: every problem the schema finds, each with where it is, beside the editor.
export function ConfigProblems({ problems, syntaxError }: { problems: JsonProblem[]; syntaxError: boolean }) {
  const { t } = useTranslation();
  if (syntaxError)
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        {t('admin.shortcuts.syntaxError')}
      </Alert>
    );
  if (problems.length === 0)
    return (
      <Text fz="sm" c="teal.9" role="status">
        <IconCircleCheck size={16} style={{ verticalAlign: 'text-bottom', marginInlineEnd: 6 }} />
        {t('admin.shortcuts.valid')}
      </Text>
    );
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={t('admin.shortcuts.problems', { count: problems.length })}
      role="alert"
    >
      <List size="sm" spacing={4} data-testid="config-problems">
        {problems.map((problem) => (
          <List.Item key={`${problemPlace(problem.path)} ${problem.message}`}>
            <Text span ff="monospace" fz="xs" dir="ltr" style={{ wordBreak: 'break-all' }}>
              {problemPlace(problem.path)}
            </Text>
            {': '}
            <Text span fz="sm" dir="ltr">
              {problem.message}
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
