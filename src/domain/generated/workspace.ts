/** Generated from schemas/workspace.schema.json by scripts/generate-types.ts. Do not edit: change the schema and regenerate. */
import type {JsonLogicRule} from '../permissions';

/**
 * This interface was referenced by `Workspace`'s JSON-Schema
 * via the `definition` "jsonLogicRule".
 */
export type JsonLogicRuleData = JsonLogicRule;
export type OnStateReached =
  | {
      type: 'sms';
      smsRef: string;
    }
  | {
      type: 'webapp';
      webappRef: string;
    };
/**
 * json-logic over the contact computing the widget data; a result with _isValid false shows _notValid.
 */
export type JsonLogicRuleData1 = JsonLogicRule;
/**
 * json-logic over the contact a row must satisfy when the custom filter is on.
 */
export type JsonLogicRuleData2 = JsonLogicRule;

/**
 * A workspace and its configuration (spec 1 §3, spec 2 §3, spec 3 §3).
 */
export interface Workspace {
  id: string;
  name: string;
  dataModelId: string;
  enabled: boolean;
  version?: number;
  profilingDisabled?: boolean;
  /**
   * Idle timeout in ms (default 1,800,000).
   */
  sessionTimeout?: number;
  viewsConfig?: ViewsConfig;
  permissionRules?: PermissionRules;
  states?: StateMap;
  entryState?: string;
  closingStates?: string[];
  outcomes?: Outcome[];
  groupsInputs?: FieldGroup[];
  groupsOutputs?: FieldGroup[];
  enumConfig?: EnumConfigs;
  arrayConfig?: ArrayConfigs;
  inputDependencies?: FieldDependencies;
  outputDependencies?: FieldDependencies;
  inputAddressConfig?: AddressConfig;
  outputAddressConfig?: AddressConfig;
  attachmentConfigs?: AttachmentConfigs;
  shortlinks?: Shortlink[];
  widgets?: Widget[];
  cloneEnabled?: boolean;
  visualConfigs?: VisualConfigs;
  customFilterConfig?: CustomFilterConfig;
  takeConfig?: TakeConfig;
  onlyAssignedContacts?: boolean;
  /**
   * The host page's origin (scheme://host[:port]) that embedded views post messages to; without it nothing is posted.
   */
  parentOrigin?: string;
  dispositionConfig?: DispositionConfig;
  massiveActions?: MassiveAction[];
  smsConfigs?: SmsConfig[];
  webappConfigs?: WebappConfig[];
  customReportConfig?: CustomReport[];
  dashboardConfig?: DashboardConfig;
}
/**
 * This interface was referenced by `Workspace`'s JSON-Schema
 * via the `definition` "viewsConfig".
 */
export interface ViewsConfig {
  admin?: RoleViewsConfig;
  manager?: RoleViewsConfig;
  'site-manager'?: RoleViewsConfig;
  'team-leader'?: RoleViewsConfig;
  basic?: RoleViewsConfig;
  middle?: RoleViewsConfig;
}
/**
 * This interface was referenced by `Workspace`'s JSON-Schema
 * via the `definition` "roleViews".
 */
export interface RoleViewsConfig {
  views?: ContactViews;
  dashboard?: ViewFlag;
  flowsmanagement?: ViewFlag;
  events?: ViewFlag;
  reports?: ViewFlag;
  sms?: ViewFlag;
  workspaceconfig?: ViewFlag;
  setting?: SettingViewFlag;
  _home?: HomeConfig;
}
export interface ContactViews {
  list?: ViewFlag;
  show?: ViewFlag;
  edit?: ViewFlag;
  insert?: ViewFlag;
}
/**
 * This interface was referenced by `Workspace`'s JSON-Schema
 * via the `definition` "viewFlag".
 */
export interface ViewFlag {
  visible: boolean;
}
export interface SettingViewFlag {
  visible: boolean;
  newUserHidden?: boolean;
}
export interface HomeConfig {
  path: string;
}
/**
 * json-logic rules that replace the translator's defaults, keyed by permission name.
 */
export interface PermissionRules {
  [k: string]: JsonLogicRuleData;
}
export interface StateMap {
  [k: string]: StateConfig;
}
/**
 * This interface was referenced by `Workspace`'s JSON-Schema
 * via the `definition` "state".
 */
export interface StateConfig {
  label: string;
  /**
   * Whether notes can be written when reaching the state.
   */
  notes?: boolean;
  /**
   * Whether an agent may choose the state; an entry state must be manual to create contacts.
   */
  manual?: boolean;
  onStateReached?: OnStateReached;
}
/**
 * This interface was referenced by `Workspace`'s JSON-Schema
 * via the `definition` "outcome".
 */
export interface Outcome {
  value: string;
  label: string;
}
/**
 * This interface was referenced by `Workspace`'s JSON-Schema
 * via the `definition` "group".
 */
export interface FieldGroup {
  label: string;
  fields: string[];
  columns?: number;
}
export interface EnumConfigs {
  inputs?: {
    [k: string]: EnumConfig;
  };
  outputs?: {
    [k: string]: EnumConfig;
  };
}
/**
 * Static values, or a remote source (url, or remoteValues through the workspace enum call).
 *
 * This interface was referenced by `Workspace`'s JSON-Schema
 * via the `definition` "enumConfig".
 */
export interface EnumConfig {
  values?: EnumValue[];
  url?: string;
  remoteValues?: boolean;
  /**
   * Offer the field as an enum filter in the contact list.
   */
  buildFilter?: boolean;
  /**
   * Loaded values may be cached by the enum loader.
   */
  cachable?: boolean;
}
/**
 * This interface was referenced by `Workspace`'s JSON-Schema
 * via the `definition` "enumValue".
 */
export interface EnumValue {
  label: string;
  value: string;
}
export interface ArrayConfigs {
  [k: string]: ArrayConfig;
}
/**
 * This interface was referenced by `Workspace`'s JSON-Schema
 * via the `definition` "arrayConfig".
 */
export interface ArrayConfig {
  type: 'modal' | 'attachment' | 'doc';
  label?: string;
}
/**
 * Parent field name to the child fields whose values depend on it.
 *
 * This interface was referenced by `Workspace`'s JSON-Schema
 * via the `definition` "dependencies".
 */
export interface FieldDependencies {
  [k: string]: string[];
}
/**
 * Maps the address block's parts to data-model fields.
 *
 * This interface was referenced by `Workspace`'s JSON-Schema
 * via the `definition` "addressConfig".
 */
export interface AddressConfig {
  province?: string;
  province_acr?: string;
  city?: string;
  street?: string;
  zip?: string;
  civic?: string;
}
export interface AttachmentConfigs {
  /**
   * Bytes; default 5,000,000.
   */
  maxSize?: number;
}
/**
 * This interface was referenced by `Workspace`'s JSON-Schema
 * via the `definition` "shortlink".
 */
export interface Shortlink {
  label: string;
  link: string;
}
/**
 * This interface was referenced by `Workspace`'s JSON-Schema
 * via the `definition` "widget".
 */
export interface Widget {
  id: string;
  name: string;
  config: WidgetConfig;
  logic?: JsonLogicRuleData1;
}
export interface WidgetConfig {
  icon: string;
  _notValid?: WidgetStateStyle;
  _failed?: WidgetStateStyle;
}
/**
 * This interface was referenced by `Workspace`'s JSON-Schema
 * via the `definition` "widgetState".
 */
export interface WidgetStateStyle {
  color?: string;
  icon?: string;
  text?: string;
}
export interface VisualConfigs {
  agentScript?: AgentScriptConfig;
}
export interface AgentScriptConfig {
  inputsTitle?: string;
  outputsTitle?: string;
  mediaTitle?: string;
  scriptTitle?: string;
  /**
   * Text of the SCRIPT panel; ${field} placeholders are replaced by input values.
   */
  script?: string;
}
export interface CustomFilterConfig {
  label: string;
  rule?: JsonLogicRuleData2;
}
export interface TakeConfig {
  available: boolean;
}
/**
 * The disposition tree of spec 2 §2.7: up to three levels; `levels` is the default tree and `campaigns` replaces it for a campaign.
 *
 * This interface was referenced by `Workspace`'s JSON-Schema
 * via the `definition` "dispositionConfig".
 */
export interface DispositionConfig {
  /**
   * @minItems 1
   */
  levels: [DispositionNode, ...DispositionNode[]];
  campaigns?: {
    /**
     * @minItems 1
     */
    [k: string]: [DispositionNode, ...DispositionNode[]];
  };
}
/**
 * This interface was referenced by `Workspace`'s JSON-Schema
 * via the `definition` "dispositionNode".
 */
export interface DispositionNode {
  value: string;
  label: string;
  children?: DispositionNode[];
}
/**
 * This interface was referenced by `Workspace`'s JSON-Schema
 * via the `definition` "massiveAction".
 */
export interface MassiveAction {
  key: string;
  label: string;
  additionalParams?: MassiveActionParam[];
  /**
   * Contact filter (contact-filter.schema.json) merged into the list filter for the action.
   */
  associatedFilter?: Record<string, unknown>;
  onAction: MassiveActionEffect;
}
/**
 * This interface was referenced by `Workspace`'s JSON-Schema
 * via the `definition` "additionalParam".
 */
export interface MassiveActionParam {
  name: string;
  label: string;
  required?: boolean;
  regex?: string;
}
export interface MassiveActionEffect {
  type: 'assign' | 'release' | 'close' | 'suspend' | 'priority' | 'state';
  assignMaxAgents?: number;
  state?: string;
  priority?: number;
}
/**
 * This interface was referenced by `Workspace`'s JSON-Schema
 * via the `definition` "smsConfig".
 */
export interface SmsConfig {
  id: string;
  name: string;
  /**
   * Message with ${field} placeholders.
   */
  msgTemplate: string;
  /**
   * Input field holding the recipient.
   */
  phoneField?: string;
  sender?: string;
}
/**
 * This interface was referenced by `Workspace`'s JSON-Schema
 * via the `definition` "webappConfig".
 */
export interface WebappConfig {
  id: string;
  name: string;
  msgTemplate: string;
  url?: string;
}
/**
 * This interface was referenced by `Workspace`'s JSON-Schema
 * via the `definition` "customReport".
 */
export interface CustomReport {
  id: string;
  name: string;
  renderAllowed?: boolean;
  templateName?: string;
  maxRange?: number;
  filterContactProp?: ReportFilterProp;
  filterRefProp?: ReportFilterProp;
}
/**
 * This interface was referenced by `Workspace`'s JSON-Schema
 * via the `definition` "reportFilterProp".
 */
export interface ReportFilterProp {
  enabled: boolean;
  label: string;
}
export interface DashboardConfig {
  activeDashboards?: ('availability' | 'contacts' | 'agents')[];
  maxAllowedDuration?: number;
}
