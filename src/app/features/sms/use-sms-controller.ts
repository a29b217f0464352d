import { createRef, useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactFormHandle } from '@renderers/ContactForm/ContactForm';
import type { RendererFormContext, RendererLocale } from '@renderers/form-context';
import { FieldValidator } from '@renderers/validation/field-validator';
import { isApiRequestError } from '@api-client/api-error';
import { smsApi, type SmsApi } from '@api-client/messaging-client';
import type { OutboxMessage, OutboxStatus } from '@domain/api/contact-work';
import type { SmsDeliveryStatus } from '@domain/api/sms';
import { smsSize, type SmsSize } from '@domain/sms-segments';
import type { Workspace } from '@domain/generated/workspace';
import { inputsForPeople } from '@translator/message-values';
import { renderTemplate, translateForm, type FormTranslation } from '@translator/translate-form';
import type { SmsTemplate } from '@translator/ui-schema';
import { useServices, useSession } from '../../services/services-context';
import { smsRendererServices } from './sms-form';
import { failureText } from '../../ui/failure-text';
import { localeOf } from '../../ui/renderer-locale';

/** Spec 3 §4, §8: the success toast closes after 1 s and the page reloads; errors show 3 s. */
export const SMS_TIMINGS = { success: 1_000, reload: 1_000, error: 3_000 } as const;
/** Who reads the outbox: the server's rule (admin and team-leader). */
const OUTBOX_ROLES = new Set(['admin', 'team-leader']);

export interface OutboxView {
  visible: boolean;
  rows: OutboxMessage[];
  status: OutboxStatus | '';
  setStatus(status: OutboxStatus | ''): void;
  loading: boolean;
  /** The outbox has answered once: until then an empty list means "not loaded yet", not "no SMS". */
  loaded: boolean;
  /** The last load failed: the rows are cleared (they may be another status filter's) and Retry is offered. */
  failed: boolean;
  refresh(): void;
}

export interface SmsController {
  workspaceName: string;
  /** The translator refused the workspace: its problems. */
  problems: string[];
  templates: SmsTemplate[];
  template: SmsTemplate | null;
  chooseTemplate(id: string): void;
  form: FormTranslation | null;
  formContext: RendererFormContext | null;
  handle: RefObject<ContactFormHandle>;
  onChange(values: Record<string, unknown>, field: string): void;
  preview: string;
  size: SmsSize;
  /** The required fields are filled and no field is in error. */
  complete: boolean;
  sending: boolean;
  send(): Promise<void>;
  delivery: SmsDeliveryStatus | null;
  outbox: OutboxView;
  locale: RendererLocale;
}

const EMPTY: Record<string, unknown> = {};

/** The /sms screen (spec 3 §2, §4, §5): template, the translator's SMS form, live preview with its size, SEND. */
export function useSmsController({ api: givenApi }: { api?: SmsApi } = {}): SmsController {
  const services = useServices();
  const { toasts } = services;
  const api = useMemo(() => givenApi ?? smsApi(services.api), [givenApi, services.api]);
  const { user, workspace, dataModel } = useSession();
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const ws = workspace as Workspace | null;
  const workspaceId = ws?.id ?? '';
  const role = user?.role ?? 'basic';

  const translation = useMemo(() => (ws && dataModel ? translateForm(dataModel, ws, { view: 'sms', section: 'inputs', role }) : null), [ws, dataModel, role]);
  // The translator's SMS view has no attachment or document list: an SMS carries no files.
  const form = translation?.ok ? translation.value : null;
  const problems = translation && !translation.ok ? translation.problems.map((p) => `${p.document}${p.pointer}: ${p.message}`) : [];
  const templates = useMemo(() => form?.uiSchema['ui:options'].sms?.templates ?? [], [form]);
  const [templateId, setTemplateId] = useState('');
  const template = templates.find((x) => x.id === templateId) ?? templates[0] ?? null;

  const [values, setValues] = useState<Record<string, unknown>>(EMPTY);
  // The fields the server refused, with the value it refused: SEND stays off until each is changed (spec 3 §5: no
  // field in error), as for the checks the browser makes itself.
  const [refused, setRefused] = useState<Record<string, string>>({});
  const validator = useMemo(() => (form ? new FieldValidator(form.schema, locale) : null), [form, locale]);
  const complete = useMemo(() => Boolean(validator) && Object.keys(validator!.validateAll(values)).length === 0 && Object.keys(refused).length === 0, [validator, values, refused]);
  const forPeople = useMemo(() => (ws && dataModel ? inputsForPeople(ws, dataModel) : undefined), [ws, dataModel]);
  const preview = template ? renderTemplate(template.template, values, forPeople) : '';
  const size = useMemo(() => smsSize(preview), [preview]);

  const handle = useMemo(() => createRef<ContactFormHandle>(), []);
  const onChange = useCallback((next: Record<string, unknown>) => {
    setValues({ ...next });
    setRefused((before) => {
      const still = Object.entries(before).filter(([name, value]) => JSON.stringify(next[name] ?? null) === value);
      return still.length === Object.keys(before).length ? before : Object.fromEntries(still);
    });
  }, []);
  const formContext = useMemo<RendererFormContext | null>(() => (workspaceId ? { services: smsRendererServices(services.api, workspaceId), locale } : null), [services.api, workspaceId, locale]);

  const [delivery, setDelivery] = useState<SmsDeliveryStatus | null>(null);
  useEffect(() => {
    if (!workspaceId) return undefined;
    let live = true;
    api.delivery(workspaceId).then((status) => { if (live) setDelivery(status); }, () => undefined);
    return () => { live = false; };
  }, [api, workspaceId]);

  const outboxVisible = OUTBOX_ROLES.has(role);
  const [outboxStatus, setOutboxStatus] = useState<OutboxStatus | ''>('');
  const [outboxRows, setOutboxRows] = useState<OutboxMessage[]>([]);
  const [outboxLoading, setOutboxLoading] = useState(false);
  const [outboxLoaded, setOutboxLoaded] = useState(false);
  const [outboxFailed, setOutboxFailed] = useState(false);
  const [outboxTick, setOutboxTick] = useState(0);
  useEffect(() => {
    if (!outboxVisible || !workspaceId) return undefined;
    let live = true;
    setOutboxLoading(true);
    api.outbox(workspaceId, outboxStatus || undefined).then(
      (rows) => {
        if (!live) return;
        setOutboxRows(rows);
        setOutboxLoaded(true);
        setOutboxFailed(false);
      },
      (cause: unknown) => {
        if (!live || (isApiRequestError(cause) && cause.kind === 'aborted')) return;
        setOutboxRows([]);
        setOutboxFailed(true);
      },
    ).finally(() => { if (live) setOutboxLoading(false); });
    return () => { live = false; };
  }, [api, workspaceId, outboxVisible, outboxStatus, outboxTick]);

  const [sending, setSending] = useState(false);
  // A second click before the first answer is dropped: state updates are not synchronous, the ref is.
  const inFlight = useRef(false);
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const send = useCallback(async () => {
    if (inFlight.current || !template || !form || Object.keys(refused).length) return;
    const current = handle.current?.getValues() ?? values;
    const errors = handle.current?.validate() ?? {};
    if (Object.keys(errors).length) return;
    inFlight.current = true;
    setSending(true);
    try {
      const message = await api.send(workspaceId, { templateId: template.id, values: current }, { errorToastMs: SMS_TIMINGS.error });
      toasts.show({ intent: 'success', message: t('sms.sent', { recipient: message.recipient ?? '' }), timeout: SMS_TIMINGS.success });
      timers.current.push(setTimeout(() => services.reload(), SMS_TIMINGS.reload));
    } catch (cause) {
      inFlight.current = false;
      setSending(false);
      // The shared handler has shown the toasts (3 s) or signed out; the form marks the fields the server refused.
      const byField: Record<string, string[]> = {};
      for (const e of isApiRequestError(cause) ? cause.errors : []) {
        const match = /^\/values\/(.+)$/.exec(e.field ?? '');
        if (match) (byField[match[1].replace(/~1/g, '/').replace(/~0/g, '~')] ??= []).push(e.message);
      }
      handle.current?.setErrors(byField);
      // Only a field of the form can be changed: a refusal of anything else does not hold SEND back.
      const fields = Object.keys(byField).map((path) => path.split('/')[0]).filter((name) => form.schema.properties?.[name]);
      setRefused(Object.fromEntries(fields.map((name) => [name, JSON.stringify(current[name] ?? null)])));
      if (!isApiRequestError(cause)) toasts.show({ intent: 'danger', heading: t('sms.failed'), message: failureText(cause, t), timeout: SMS_TIMINGS.error });
    }
  }, [template, form, refused, handle, values, api, workspaceId, toasts, t, services]);

  return {
    workspaceName: ws?.name ?? '',
    problems,
    templates,
    template,
    chooseTemplate: setTemplateId,
    form,
    formContext,
    handle,
    onChange,
    preview,
    size,
    complete,
    sending,
    send,
    delivery,
    outbox: { visible: outboxVisible, rows: outboxRows, status: outboxStatus, setStatus: setOutboxStatus, loading: outboxLoading, loaded: outboxLoaded, failed: outboxFailed, refresh: () => setOutboxTick((n) => n + 1) },
    locale,
  };
}
