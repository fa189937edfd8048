import { Input, Selector, TextArea } from 'antd-mobile';
import type { AttributeValue, AttributeValues } from '@haoshi/contracts';
import { publishMessages as text } from '../messages';
import { numberValueOf, selectedOf, valueOfSelection, type FormControl } from './attribute-controls';
import { FieldBlock } from './field-block';
import type { FieldErrors } from './wizard-steps';

interface AttributeFormProps {
  controls: readonly FormControl[];
  values: AttributeValues;
  errors: FieldErrors;
  onChange: (key: string, value: AttributeValue | undefined) => void;
}

function Control({
  control,
  value,
  onChange,
}: {
  control: FormControl;
  value: AttributeValue | undefined;
  onChange: (value: AttributeValue | undefined) => void;
}) {
  switch (control.kind) {
    case 'number':
      return (
        <div className="publish-number">
          <Input
            type="text"
            inputMode="numeric"
            aria-label={control.label}
            placeholder={control.hint}
            value={typeof value === 'number' || typeof value === 'string' ? String(value) : ''}
            onChange={(input) => onChange(numberValueOf(input))}
            clearable
          />
          <span className="publish-number__unit">{control.unit}</span>
        </div>
      );
    case 'text':
      return (
        <TextArea
          aria-label={control.label}
          value={typeof value === 'string' ? value : ''}
          maxLength={control.maxLength}
          showCount
          autoSize={{ minRows: 1, maxRows: 4 }}
          onChange={(input) => onChange(input === '' ? undefined : input)}
        />
      );
    case 'choice':
    case 'yes-no':
    case 'multi':
      return (
        <Selector
          aria-label={control.label}
          columns={control.kind === 'yes-no' ? 2 : control.columns}
          multiple={control.kind === 'multi'}
          options={control.options}
          value={selectedOf(control, value)}
          onChange={(selection) => {
            if (control.kind === 'multi' && selection.length > control.maxSelect) return;
            onChange(valueOfSelection(control, selection));
          }}
        />
      );
  }
}

/** A form generated from a game's attribute or binding schema; errors show under their control. */
export function AttributeForm({ controls, values, errors, onChange }: AttributeFormProps) {
  return (
    <div className="publish-form">
      {controls.map((control) => (
        <FieldBlock
          key={control.path}
          field={control.path}
          label={control.label}
          required={control.required}
          hint={control.kind === 'multi' ? control.hint : control.required ? undefined : text.optional}
          error={errors[control.path]}
        >
          <Control
            control={control}
            value={Object.hasOwn(values, control.key) ? values[control.key] : undefined}
            onChange={(value) => onChange(control.key, value)}
          />
        </FieldBlock>
      ))}
    </div>
  );
}
