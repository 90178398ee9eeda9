import { isAnswerable, isOneOf, MULTI_FILE_FIELD_TYPES, SINGLE_FILE_FIELD_TYPES } from '@attest/shared';
import { CascaderField } from './cascader-field';
import { ChildWorkflowField } from './child-workflow-field';
import {
  BadgeTagsField,
  BoolField,
  CheckboxField,
  GroupedCheckboxField,
  MultiSelectField,
  RadioField,
  SelectField,
} from './choice-fields';
import type { ControlProps } from './control-props';
import { CountriesField, CountryField } from './country-fields';
import { CurrencyField } from './currency-field';
import { DateField, RelativeDateField } from './date-fields';
import { DisplayField } from './display-fields';
import { DynamicOptionField } from './dynamic-option-field';
import { FileField } from './file-field';
import { HtmlField } from './html-field';
import { JsonField } from './json-fields';
import { NumberField, RatingField, SliderField } from './number-fields';
import { ReadOnlyValue, showsAsValue } from './read-only-value';
import { RecordPickerField } from './record-picker-field';
import { TableField } from './table-field';
import { LineField, LongTextField } from './text-fields';

// One control per field type (field-types.ts). Inside a table row (hideLabel) the roomy controls
// give way to compact ones: a select for radio options, one line for long text. A read-only answer
// shows as its value, not as a disabled-looking input.
export function FieldControl(props: ControlProps) {
  const { type } = props.field;
  const inCell = props.chrome.hideLabel === true;
  if (!isAnswerable(type)) return <DisplayField {...props} />;
  if (props.readOnly && showsAsValue(type)) return <ReadOnlyValue {...props} />;
  if (isOneOf(type, SINGLE_FILE_FIELD_TYPES) || isOneOf(type, MULTI_FILE_FIELD_TYPES))
    return <FileField {...props} />;
  switch (type) {
    case 'char_field':
    case 'email':
    case 'url':
    case 'phone':
      return <LineField {...props} kind={type} />;
    case 'text':
      return inCell ? <LineField {...props} kind="char_field" /> : <LongTextField {...props} />;
    case 'html':
      return <HtmlField {...props} />;
    case 'decimal':
    case 'integer':
      return <NumberField {...props} />;
    case 'data_object':
      return <RecordPickerField {...props} />;
    case 'currency':
      return <CurrencyField {...props} />;
    case 'slider':
      return <SliderField {...props} />;
    case 'rating':
      return <RatingField {...props} />;
    case 'single_select':
      return <SelectField {...props} />;
    case 'radio':
      return inCell ? <SelectField {...props} /> : <RadioField {...props} />;
    case 'multi_select':
      return <MultiSelectField {...props} />;
    case 'grouped_checkbox':
      return <GroupedCheckboxField {...props} />;
    case 'checkbox':
      return <CheckboxField {...props} />;
    case 'bool':
      return <BoolField {...props} />;
    case 'badge_tags':
      return <BadgeTagsField {...props} />;
    case 'cascader':
      return <CascaderField {...props} />;
    case 'country_single_select':
      return <CountryField {...props} />;
    case 'country_multi_select':
      return <CountriesField {...props} />;
    case 'region':
    case 'business_unit':
    case 'owner':
    case 'user_workflow':
      return <DynamicOptionField {...props} />;
    case 'date':
    case 'naive_date':
      return <DateField {...props} />;
    case 'relative_date':
      return <RelativeDateField {...props} />;
    case 'json':
    case 'dynamic_group_json':
    case 'array':
      return <JsonField {...props} />;
    case 'table':
      return <TableField {...props} Control={FieldControl} />;
    case 'child_workflow':
      return <ChildWorkflowField {...props} />;
    default:
      return <DisplayField {...props} />;
  }
}
