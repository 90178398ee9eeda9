import type { FieldDefinition } from '@attest/shared';
import {
  Alert,
  Checkbox,
  Divider,
  FileInput,
  MultiSelect,
  NumberInput,
  Radio,
  Rating,
  Select,
  Slider,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

// One field as a participant sees it, without an answer: an approximation of the process page's
// renderer (the workflows feature keeps its own inside), enough to judge labels, order and layout.
export const FieldPreview = memo(function FieldPreview({ field }: { field: FieldDefinition }) {
  const { t } = useTranslation();
  const common = {
    label: field.label,
    description: field.help,
    placeholder: field.placeholder,
    withAsterisk: field.required ?? false,
    readOnly: true,
  };
  const options = (field.options ?? []).map((o) => ({
    value: o.value,
    label: o.group ? `${o.label} (${o.group})` : o.label,
  }));
  switch (field.type) {
    case 'text':
    case 'json':
    case 'dynamic_group_json':
    case 'html':
      return <Textarea {...common} minRows={2} />;
    case 'integer':
    case 'decimal':
    case 'currency':
      return <NumberInput {...common} />;
    case 'single_select':
    case 'country_single_select':
    case 'business_unit':
    case 'region':
    case 'owner':
    case 'cascader':
      return <Select {...common} data={options} />;
    case 'multi_select':
    case 'country_multi_select':
    case 'badge_tags':
      return <MultiSelect {...common} data={options} />;
    case 'radio':
      return (
        <Radio.Group label={field.label} description={field.help} withAsterisk={common.withAsterisk}>
          <Stack gap={4} mt={4}>
            {options.map((o) => (
              <Radio key={o.value} value={o.value} label={o.label} disabled />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'grouped_checkbox':
    case 'checkbox':
      return options.length > 0 ? (
        <Checkbox.Group label={field.label} description={field.help} withAsterisk={common.withAsterisk}>
          <Stack gap={4} mt={4}>
            {options.map((o) => (
              <Checkbox key={o.value} value={o.value} label={o.label} disabled />
            ))}
          </Stack>
        </Checkbox.Group>
      ) : (
        <Checkbox label={field.label} description={field.help} disabled />
      );
    case 'bool':
      return <Switch label={field.label} description={field.help} disabled />;
    case 'slider':
      return (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {field.label}
          </Text>
          <Slider
            min={field.validation?.min ?? 0}
            max={field.validation?.max ?? 10}
            disabled
            aria-label={field.label}
          />
        </Stack>
      );
    case 'rating':
      return (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {field.label}
          </Text>
          <Rating readOnly aria-label={field.label} />
        </Stack>
      );
    case 'file':
    case 'multi_file':
    case 'attachment':
    case 's3_object':
    case 'e_signature':
      return (
        <FileInput
          {...common}
          multiple={field.type === 'multi_file' || field.type === 'attachment'}
          disabled
        />
      );
    case 'alert':
      return (
        <Alert color="yellow" title={field.label}>
          {field.content}
        </Alert>
      );
    case 'paragraph':
      return (
        <Stack gap={2}>
          <Text fw={500}>{field.label}</Text>
          <Text size="sm">{field.content}</Text>
        </Stack>
      );
    case 'section_break':
    case 'wizard_section':
      return <Title order={4}>{field.label}</Title>;
    case 'break':
    case 'divider':
      return <Divider label={field.label} />;
    case 'table':
      return (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {field.label}
          </Text>
          <Table withTableBorder>
            <Table.Thead>
              <Table.Tr>
                {(field.columns ?? []).map((c) => (
                  <Table.Th key={c.tag}>{c.label}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
          </Table>
        </Stack>
      );
    case 'iframe':
    case 'pdf_viewer':
    case 'scorm':
    case 'visualization':
    case 'system':
      return (
        <Text size="sm" c="dimmed">
          {field.label} — {t(`studioDesigner.fieldTypes.${field.type}`)}
        </Text>
      );
    default:
      return <TextInput {...common} />;
  }
});
