import type { Field } from '@domain/generated/data-model';
import type { ArrayConfig, EnumConfig } from '@domain/generated/workspace';

/** What a tester sees of one field. */
export interface FieldContext {
  name: string;
  field: Field;
  enumConfig?: EnumConfig;
  arrayConfig?: ArrayConfig;
  /** Parents this field waits for (from input/outputDependencies). */
  parents: string[];
}

/**
 * Widget and field names the translator emits. The Blueprint theme registers exactly these, so an unknown name is a
 * translator test failure, never a render failure.
 */
export const WIDGETS = ['switch', 'updown', 'date', 'time', 'text', 'textarea', 'select', 'remoteSelect'] as const;
export const FIELDS = ['ArrayModalField', 'AttachmentListField', 'DocumentListField'] as const;
export type WidgetName = (typeof WIDGETS)[number];
export type ArrayFieldName = (typeof FIELDS)[number];
export type Control = { widget: WidgetName } | { field: ArrayFieldName };

export type Tester = (ctx: FieldContext) => number;
export const NOT_APPLICABLE = -1;

const dataTypeOf = (f: Field): NonNullable<Field['dataType']> => f.dataType ?? 'text';
export const dataTypeIs = (t: NonNullable<Field['dataType']>) => (ctx: FieldContext): boolean => dataTypeOf(ctx.field) === t;
export const hasStaticEnum = (ctx: FieldContext): boolean => Boolean(ctx.enumConfig?.values?.length) && !isRemoteEnum(ctx);
export const isRemoteEnum = (ctx: FieldContext): boolean => Boolean(ctx.enumConfig?.url || ctx.enumConfig?.remoteValues) || (Boolean(ctx.enumConfig) && ctx.parents.length > 0);
export const arrayConfigIs = (t: ArrayConfig['type']) => (ctx: FieldContext): boolean => ctx.arrayConfig?.type === t;
export const and = (...ps: Array<(c: FieldContext) => boolean>) => (c: FieldContext): boolean => ps.every((p) => p(c));
export const rankWith = (rank: number, p: (c: FieldContext) => boolean): Tester => (c) => (p(c) ? rank : NOT_APPLICABLE);

/** Ranked testers, as in JSON Forms: the highest rank wins; ties go to the earlier entry. */
export const CONTROL_TESTERS: ReadonlyArray<{ control: Control; tester: Tester }> = [
  { control: { widget: 'text' }, tester: rankWith(1, () => true) },
  { control: { widget: 'textarea' }, tester: rankWith(2, dataTypeIs('text')) },
  { control: { widget: 'switch' }, tester: rankWith(2, dataTypeIs('boolean')) },
  { control: { widget: 'updown' }, tester: rankWith(2, dataTypeIs('number')) },
  { control: { widget: 'date' }, tester: rankWith(2, dataTypeIs('date')) },
  { control: { widget: 'time' }, tester: rankWith(2, dataTypeIs('time')) },
  { control: { field: 'ArrayModalField' }, tester: rankWith(3, dataTypeIs('array')) },
  { control: { field: 'AttachmentListField' }, tester: rankWith(4, and(dataTypeIs('array'), arrayConfigIs('attachment'))) },
  { control: { field: 'DocumentListField' }, tester: rankWith(4, and(dataTypeIs('array'), arrayConfigIs('doc'))) },
  { control: { widget: 'select' }, tester: rankWith(5, hasStaticEnum) },
  { control: { widget: 'remoteSelect' }, tester: rankWith(6, isRemoteEnum) },
];

export function chooseControl(ctx: FieldContext): Control {
  let best = CONTROL_TESTERS[0];
  let bestRank = NOT_APPLICABLE;
  for (const entry of CONTROL_TESTERS) {
    const rank = entry.tester(ctx);
    if (rank > bestRank) { best = entry; bestRank = rank; }
  }
  return best.control;
}
