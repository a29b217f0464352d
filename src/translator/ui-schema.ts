import type { AddressMode, AddressPart } from '@domain/address';
import type { WidgetName } from './widget-testers';

/**
 * The UI Schema the translator emits for a form, typed by kind so renderers read their options without re-declaring
 * or checking them. Every shape is plain JSON and assignable to rjsf's `UiSchema`: type aliases rather than
 * interfaces, because only aliases are assignable to rjsf's index-signature types.
 */

/** A static enum's options are the field schema's `oneOf`. */
export type StaticEnumSource = { kind: 'static' };
/** A remote enum is loaded through the renderers' enum loader, with the values of the parents it `dependsOn`. */
export type RemoteEnumSource = { kind: 'remote'; section: 'inputs' | 'outputs'; field: string; url: string | null; remoteValues: boolean; cachable: boolean };
export type EnumSource = StaticEnumSource | RemoteEnumSource;

/** Options any field may carry: the enum dependencies and its place in the address block. */
export type FieldOptions = {
  /** Parents whose values a remote enum waits for (input/outputDependencies). */
  dependsOn?: string[];
  /** Children cleared when this field changes. */
  clears?: string[];
  addressPart?: AddressPart;
};
export type SelectOptions = FieldOptions & { enumSource: StaticEnumSource };
export type RemoteSelectOptions = FieldOptions & { enumSource: RemoteEnumSource };

export type ModalArrayOptions = FieldOptions & { arrayKind: 'modal'; arrayLabel?: string };
/** `maxSize` in bytes, from attachmentConfigs. */
export type AttachmentListOptions = FieldOptions & { arrayKind: 'attachment'; arrayLabel?: string; maxSize: number };
export type DocumentListOptions = FieldOptions & { arrayKind: 'doc'; arrayLabel?: string };
export type ArrayOptions = ModalArrayOptions | AttachmentListOptions | DocumentListOptions;
export type ArrayKind = ArrayOptions['arrayKind'];

export type ControlUiSchema = { 'ui:placeholder'?: string; 'ui:readonly'?: boolean };

export type InputUiSchema = ControlUiSchema & { 'ui:widget': Exclude<WidgetName, 'select' | 'remoteSelect'>; 'ui:options'?: FieldOptions };
export type SelectUiSchema = ControlUiSchema & { 'ui:widget': 'select'; 'ui:options': SelectOptions };
export type RemoteSelectUiSchema = ControlUiSchema & { 'ui:widget': 'remoteSelect'; 'ui:options': RemoteSelectOptions };
export type WidgetUiSchema = InputUiSchema | SelectUiSchema | RemoteSelectUiSchema;

/** Arrays nested in an array's items carry no options: they are modal editors. */
export type ModalArrayUiSchema = ControlUiSchema & { 'ui:field': 'ArrayModalField'; items?: ItemsUiSchema; 'ui:options'?: ModalArrayOptions };
export type AttachmentListUiSchema = ControlUiSchema & { 'ui:field': 'AttachmentListField'; items: ItemsUiSchema; 'ui:options': AttachmentListOptions };
export type DocumentListUiSchema = ControlUiSchema & { 'ui:field': 'DocumentListField'; items: ItemsUiSchema; 'ui:options': DocumentListOptions };
export type ArrayFieldUiSchema = ModalArrayUiSchema | AttachmentListUiSchema | DocumentListUiSchema;

export type FieldUiSchema = WidgetUiSchema | ArrayFieldUiSchema;
/** The fields of an array's items. */
export type ItemsUiSchema = Record<string, FieldUiSchema>;

export type GroupLayout = { label: string; columns: number; fields: string[] };

/** The address block: the data-model field of each part, the modes and the one the block opens in. */
/** The address parts as one block. `label` is the spec's Italian name of the block; the renderers title it in the user's language from their own messages (address.title). */
export type AddressBlock = { label: string; fields: Partial<Record<AddressPart, string>>; modes: readonly AddressMode[]; initialMode: AddressMode };

export type MediaEntry = { name: string; kind: 'attachment'; maxSize: number } | { name: string; kind: 'doc' };
/**
 * The attachment and document arrays, for screens that show them apart (the MEDIA panel). They stay in their groups
 * too, so a form rendered whole still shows them.
 */
export type MediaSection = { fields: MediaEntry[] };

export type SmsTemplate = { id: string; name: string; template: string; placeholders: string[]; phoneField: string | null };

/** The root `ui:options` of a form. */
export type FormLayout = {
  groups: GroupLayout[];
  address?: AddressBlock;
  media?: MediaSection;
  sms?: { templates: SmsTemplate[] };
  /** Why the role may not use the form (its copy is then read-only). */
  denied?: string[];
};

type RootValue = FieldUiSchema | string[] | FormLayout | boolean | undefined;

/** What a form of fields reads: a translated form's root, or an array's items (no layout of their own). */
export interface ObjectUiSchema {
  'ui:order'?: string[];
  'ui:options'?: FormLayout;
  'ui:readonly'?: boolean;
  [field: string]: RootValue;
}

/** A translated form: `ui:` keys for the form, field names for its fields. */
export interface FormUiSchema extends ObjectUiSchema {
  'ui:order': string[];
  'ui:options': FormLayout;
}
