import type { ThemeProps } from '@rjsf/core';
import type { RegistryFieldsType, RegistryWidgetsType, RJSFSchema, TemplatesType } from '@rjsf/utils';
import type { ArrayFieldName, WidgetName } from '@translator/widget-testers';
import type { RendererFormContext } from './form-context';
import { ArrayModalField } from './fields/ArrayModalField/ArrayModalField';
import { AttachmentListField } from './fields/AttachmentListField/AttachmentListField';
import { DocumentListField } from './fields/DocumentListField/DocumentListField';
import { FieldTemplate } from './templates/FieldTemplate/FieldTemplate';
import { GroupedObjectTemplate } from './templates/GroupedObjectTemplate/GroupedObjectTemplate';
import { SubmitButton } from './templates/SubmitButton/SubmitButton';
import { DateWidget } from './widgets/DateWidget/DateWidget';
import { NumberWidget } from './widgets/NumberWidget/NumberWidget';
import { AgentSelectWidget, TeamSelectWidget } from './widgets/OptionListWidget/OptionListWidget';
import { RemoteSelectWidget } from './widgets/RemoteSelectWidget/RemoteSelectWidget';
import { SelectWidget } from './widgets/SelectWidget/SelectWidget';
import { SwitchWidget } from './widgets/SwitchWidget/SwitchWidget';
import { TextareaWidget } from './widgets/TextareaWidget/TextareaWidget';
import { TextWidget } from './widgets/TextWidget/TextWidget';
import { TimeWidget } from './widgets/TimeWidget/TimeWidget';

type Widgets = RegistryWidgetsType<unknown, RJSFSchema, RendererFormContext>;
type Fields = RegistryFieldsType<unknown, RJSFSchema, RendererFormContext>;

/** Every widget name the translator emits (a missing one is a type error here, not a render failure). */
export const translatorWidgets: Record<WidgetName, Widgets[string]> = {
  text: TextWidget,
  textarea: TextareaWidget,
  updown: NumberWidget,
  date: DateWidget,
  time: TimeWidget,
  switch: SwitchWidget,
  select: SelectWidget,
  remoteSelect: RemoteSelectWidget,
};

/** Every array field name the translator emits. */
export const translatorFields: Record<ArrayFieldName, Fields[string]> = { ArrayModalField, AttachmentListField, DocumentListField };

/** The Blueprint theme: the translator's names, the filter form's agent/team selects, and rjsf's defaults replaced. */
export const blueprintTheme: ThemeProps<unknown, RJSFSchema, RendererFormContext> & { widgets: Widgets; fields: Fields; templates: Partial<TemplatesType<unknown, RJSFSchema, RendererFormContext>> } = {
  widgets: {
    ...translatorWidgets,
    agentSelect: AgentSelectWidget,
    teamSelect: TeamSelectWidget,
    TextWidget,
    TextareaWidget,
    UpDownWidget: NumberWidget,
    DateWidget,
    TimeWidget,
    CheckboxWidget: SwitchWidget,
    SelectWidget,
  },
  fields: { ...translatorFields },
  templates: {
    FieldTemplate,
    ObjectFieldTemplate: GroupedObjectTemplate,
    ButtonTemplates: { SubmitButton } as TemplatesType<unknown, RJSFSchema, RendererFormContext>['ButtonTemplates'],
  },
};
