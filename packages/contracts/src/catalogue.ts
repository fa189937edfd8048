import { z } from 'zod';
import { idQuerySchema, textSchema } from './primitives.ts';
import type { CompensationOptionCode } from './fees.ts';

/** Games, partitions (区服) and each game's publish properties: what a listing of that game holds. */

export const platforms = ['ios', 'android', 'pc'] as const;
export const platformSchema = z.enum(platforms, { error: '请选择平台' });
export type Platform = z.infer<typeof platformSchema>;
export const platformLabels: Record<Platform, string> = { ios: '苹果', android: '安卓', pc: '电脑' };

export const gameSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string(),
  platforms: z.array(platformSchema),
  hot: z.boolean(),
  sort: z.number().int(),
  /** One-line pitch shown under the name in the game grid. */
  slogan: z.string(),
});
export type Game = z.infer<typeof gameSchema>;

export const gameWithCountSchema = gameSchema.extend({ on_sale_count: z.number().int() });
export type GameWithCount = z.infer<typeof gameWithCountSchema>;

export const partitionSchema = z.object({
  id: z.number().int(),
  game_id: z.number().int(),
  platform: platformSchema,
  name: z.string(),
  /** Grouping header in the picker, e.g. "QQ区" / "微信区" or a server cluster. */
  group: z.string(),
});
export type Partition = z.infer<typeof partitionSchema>;

export const gamesQuerySchema = z.object({ platform: platformSchema.optional() });
export const partitionsQuerySchema = z.object({
  game_id: idQuerySchema,
  platform: platformSchema.optional(),
});
export const gameIdQuerySchema = z.object({ game_id: idQuerySchema });

const optionSchema = z.object({ value: z.string(), label: z.string() });
export type AttributeOption = z.infer<typeof optionSchema>;

const fieldBase = {
  key: z.string(),
  label: z.string(),
  required: z.boolean(),
  /** Shown as a range (int) or choice (enum/multi) filter on the list page. */
  filterable: z.boolean(),
  /** Shown on list cards next to the title. */
  highlight: z.boolean(),
};

export const attributeFieldSchema = z.discriminatedUnion('type', [
  z.object({
    ...fieldBase,
    type: z.literal('int'),
    min: z.number().int(),
    max: z.number().int(),
    unit: z.string(),
  }),
  z.object({ ...fieldBase, type: z.literal('enum'), options: z.array(optionSchema) }),
  z.object({
    ...fieldBase,
    type: z.literal('multi'),
    options: z.array(optionSchema),
    max_select: z.number().int(),
  }),
  z.object({ ...fieldBase, type: z.literal('bool') }),
  z.object({ ...fieldBase, type: z.literal('text'), max_length: z.number().int() }),
]);
export type AttributeField = z.infer<typeof attributeFieldSchema>;

/** Binding details (换绑): how the account is tied to phone, e-mail, real name and social logins. */
export const bindingFieldSchema = z.discriminatedUnion('type', [
  z.object({
    key: z.string(),
    label: z.string(),
    required: z.boolean(),
    type: z.literal('enum'),
    options: z.array(optionSchema),
  }),
  z.object({ key: z.string(), label: z.string(), required: z.boolean(), type: z.literal('bool') }),
  z.object({
    key: z.string(),
    label: z.string(),
    required: z.boolean(),
    type: z.literal('int'),
    min: z.number().int(),
    max: z.number().int(),
    unit: z.string(),
  }),
]);
export type BindingField = z.infer<typeof bindingFieldSchema>;

export const compensationCodes = [
  'basic',
  'extended',
  'lifetime',
] as const satisfies readonly CompensationOptionCode[];
export const guaranteeOptionSchema = z.object({
  code: z.enum(compensationCodes),
  name: z.string(),
  description: z.string(),
});
export type GuaranteeOption = z.infer<typeof guaranteeOptionSchema>;

export const publishPropertiesSchema = z.object({
  game_id: z.number().int(),
  game_name: z.string(),
  platforms: z.array(platformSchema),
  fields: z.array(attributeFieldSchema),
  bindings: z.array(bindingFieldSchema),
  guarantees: z.array(guaranteeOptionSchema),
  min_screenshots: z.number().int(),
  max_screenshots: z.number().int(),
});
export type PublishProperties = z.infer<typeof publishPropertiesSchema>;

/** The binding key whose `true` means the buyer can take the account over fully (可换绑 tag). */
export const REBIND_BINDING_KEY = 'can_rebind';

/** Control characters (NUL above all) cannot be stored in PostgreSQL text and have no place in a form. */
export const noControlCharacters = (text: string) =>
  !Array.from(text).some((char) => {
    const code = char.charCodeAt(0);
    return (code < 0x20 && char !== '\n' && char !== '\t' && char !== '\r') || code === 0x7f;
  });
export const CONTROL_CHARACTER_MESSAGE = '不能包含特殊控制字符';
const plainText = (max: number) => textSchema.max(max).refine(noControlCharacters, CONTROL_CHARACTER_MESSAGE);

export const attributeValueSchema = z.union([
  plainText(200),
  z.number(),
  z.boolean(),
  z.array(plainText(50)).max(50),
]);
export type AttributeValue = z.infer<typeof attributeValueSchema>;
export type AttributeValues = Record<string, AttributeValue>;

export interface FieldProblem {
  /** Dotted path as the API reports it: attrs.rank, bindings.phone. */
  field: string;
  message: string;
}

function checkAttribute(field: AttributeField, value: AttributeValue | undefined): string | undefined {
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
    return field.required ? `请填写${field.label}` : undefined;
  }
  switch (field.type) {
    case 'int':
      if (typeof value !== 'number' || !Number.isInteger(value)) return `${field.label}须为整数`;
      if (value < field.min || value > field.max)
        return `${field.label}须在${field.min}到${field.max}${field.unit}之间`;
      return undefined;
    case 'enum':
      return typeof value === 'string' && field.options.some((o) => o.value === value)
        ? undefined
        : `请选择有效的${field.label}`;
    case 'multi':
      if (!Array.isArray(value) || !value.every((v) => field.options.some((o) => o.value === v)))
        return `请选择有效的${field.label}`;
      if (new Set(value).size !== value.length) return `${field.label}有重复的选项`;
      return value.length > field.max_select ? `${field.label}最多选${field.max_select}项` : undefined;
    case 'bool':
      return typeof value === 'boolean' ? undefined : `请选择${field.label}`;
    case 'text':
      if (typeof value !== 'string') return `${field.label}须为文字`;
      return value.trim().length > field.max_length ? `${field.label}最多${field.max_length}字` : undefined;
  }
}

function checkBinding(field: BindingField, value: AttributeValue | undefined): string | undefined {
  if (value === undefined || value === '') return field.required ? `请选择${field.label}` : undefined;
  switch (field.type) {
    case 'enum':
      return typeof value === 'string' && field.options.some((o) => o.value === value)
        ? undefined
        : `请选择有效的${field.label}`;
    case 'bool':
      return typeof value === 'boolean' ? undefined : `请选择${field.label}`;
    case 'int':
      if (typeof value !== 'number' || !Number.isInteger(value)) return `${field.label}须为整数`;
      return value < field.min || value > field.max
        ? `${field.label}须在${field.min}到${field.max}${field.unit}之间`
        : undefined;
  }
}

/**
 * Checks a listing's attributes and bindings against its game's publish properties. The web runs
 * it before submitting and the server again on every write; every problem names its field.
 */
export function validateListingProperties(
  properties: Pick<PublishProperties, 'fields' | 'bindings'>,
  attrs: AttributeValues,
  bindings: AttributeValues,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const knownAttrs = new Set(properties.fields.map((f) => f.key));
  const knownBindings = new Set(properties.bindings.map((f) => f.key));
  for (const key of Object.keys(attrs))
    if (!knownAttrs.has(key)) problems.push({ field: `attrs.${key}`, message: '该游戏没有这个属性' });
  for (const key of Object.keys(bindings))
    if (!knownBindings.has(key))
      problems.push({ field: `bindings.${key}`, message: '该游戏没有这项绑定信息' });
  for (const field of properties.fields) {
    const message = checkAttribute(field, Object.hasOwn(attrs, field.key) ? attrs[field.key] : undefined);
    if (message) problems.push({ field: `attrs.${field.key}`, message });
  }
  for (const field of properties.bindings) {
    const message = checkBinding(field, Object.hasOwn(bindings, field.key) ? bindings[field.key] : undefined);
    if (message) problems.push({ field: `bindings.${field.key}`, message });
  }
  return problems;
}

/** The display text of one attribute value ("王者 50星", "128 个"). */
export function attributeDisplay(field: AttributeField | BindingField, value: AttributeValue): string {
  switch (field.type) {
    case 'int':
      return `${String(value)}${field.unit}`;
    case 'enum':
      return field.options.find((o) => o.value === value)?.label ?? String(value);
    case 'multi':
      return Array.isArray(value)
        ? value.map((v) => field.options.find((o) => o.value === v)?.label ?? v).join('、')
        : String(value);
    case 'bool':
      return value === true ? '是' : '否';
    case 'text':
      return String(value);
  }
}
