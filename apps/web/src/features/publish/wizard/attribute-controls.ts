import type { AttributeField, AttributeOption, AttributeValue, BindingField } from '@haoshi/contracts';
import { publishMessages as text } from '../messages';

/** One form control, derived from a field of the game's attribute or binding schema. */
export type FormControl =
  | {
      kind: 'number';
      path: string;
      key: string;
      label: string;
      required: boolean;
      min: number;
      max: number;
      unit: string;
      hint: string;
    }
  | {
      kind: 'choice';
      path: string;
      key: string;
      label: string;
      required: boolean;
      options: AttributeOption[];
      columns: number;
    }
  | {
      kind: 'multi';
      path: string;
      key: string;
      label: string;
      required: boolean;
      options: AttributeOption[];
      maxSelect: number;
      hint: string;
      columns: number;
    }
  | {
      kind: 'yes-no';
      path: string;
      key: string;
      label: string;
      required: boolean;
      options: AttributeOption[];
    }
  | { kind: 'text'; path: string; key: string; label: string; required: boolean; maxLength: number };

/** Chips per row: long option texts (换绑需原手机验证) get two columns so they stay on one or two lines. */
const LONG_OPTION = 5;
const columnsFor = (options: readonly AttributeOption[]) =>
  options.some((option) => option.label.length > LONG_OPTION) ? 2 : 3;

const yesNoOptions: AttributeOption[] = [
  { value: 'true', label: text.yes },
  { value: 'false', label: text.no },
];

/**
 * The controls for a schema: integer ranges become number inputs with their range shown, enums
 * single-choice chips, named rare items multi-choice chips with their limit, booleans 是/否.
 * `prefix` is the server's field path prefix ("attrs" or "bindings"), so errors find their control.
 */
export function controlsOf(
  fields: readonly (AttributeField | BindingField)[],
  prefix: 'attrs' | 'bindings',
): FormControl[] {
  return fields.map((field): FormControl => {
    const base = {
      path: `${prefix}.${field.key}`,
      key: field.key,
      label: field.label,
      required: field.required,
    };
    switch (field.type) {
      case 'int':
        return {
          ...base,
          kind: 'number',
          min: field.min,
          max: field.max,
          unit: field.unit,
          hint: `${field.min}–${field.max}${field.unit}`,
        };
      case 'enum':
        return { ...base, kind: 'choice', options: field.options, columns: columnsFor(field.options) };
      case 'multi':
        return {
          ...base,
          kind: 'multi',
          options: field.options,
          maxSelect: field.max_select,
          hint: `最多选${field.max_select}项`,
          columns: columnsFor(field.options),
        };
      case 'bool':
        return { ...base, kind: 'yes-no', options: yesNoOptions };
      case 'text':
        return { ...base, kind: 'text', maxLength: field.max_length };
    }
  });
}

/** What a number input's text means: '' → no value, digits → the integer, anything else stays text (and fails validation). */
export function numberValueOf(input: string): AttributeValue | undefined {
  const trimmed = input.trim();
  if (trimmed === '') return undefined;
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The chips' selection for a stored value. */
export function selectedOf(control: FormControl, value: AttributeValue | undefined): string[] {
  if (value === undefined) return [];
  if (control.kind === 'yes-no') return typeof value === 'boolean' ? [String(value)] : [];
  if (Array.isArray(value)) return value;
  return [String(value)];
}

/** The stored value for a chips selection. */
export function valueOfSelection(control: FormControl, selection: string[]): AttributeValue | undefined {
  if (control.kind === 'multi') return selection.length === 0 ? undefined : selection;
  const [first] = selection;
  if (first === undefined) return undefined;
  return control.kind === 'yes-no' ? first === 'true' : first;
}
