import { Button, Callout, Classes, FormGroup, HTMLTable, InputGroup, MenuItem, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { ChevronLeft, ChevronRight, Cross, EyeOpen, History, Search, SmallCross } from '@blueprintjs/icons';
import { MultiSelect } from '@blueprintjs/select';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserListItem } from '@domain/api/auth';
import type { EventDetail } from '@domain/api/events';
import { AppDrawer } from '../../ui/AppDrawer';
import { AppSpinner } from '../../ui/AppSpinner';
import { DayInput } from '../../ui/DayInput/DayInput';
import { AgentName } from '../../ui/AgentName';
import { formatDateTime } from '../../ui/insight-format';
import { useEventsController, type EventsController } from './use-events-controller';

const CSS = `
.cm-events { display: flex; flex-direction: column; gap: 0.75rem; min-width: 0; }
.cm-events__filters { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: flex-start; }
.cm-events__filters .bp6-form-group { margin: 0; min-width: 12rem; }
.cm-events__contact { min-width: 18rem !important; }
.cm-events__buttons { display: flex; gap: 0.5rem; padding-bottom: 0; }
.cm-events__table { background: #fff; border-radius: 4px; box-shadow: 0 0 0 1px rgba(17,20,24,0.1); overflow-x: auto; position: relative; min-height: 6rem; }
.cm-events__table table { width: 100%; white-space: nowrap; }
.cm-events__loading { position: absolute; inset: 0; display: flex; justify-content: center; padding-top: 1.5rem; background: rgba(255,255,255,0.6); }
.cm-events__detail { display: flex; flex-direction: column; flex: 1; min-height: 0; }
.cm-events__agent-remove { display: inline-flex !important; vertical-align: middle; margin-left: 2px; }
.cm-events__pager { display: flex; align-items: center; justify-content: space-between; gap: 0.5rem; flex-wrap: wrap; }
.cm-event-detail dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0; }
.cm-event-detail dt { font-weight: 600; color: #5f6b7c; }
.cm-event-detail dd { margin: 0; overflow-wrap: anywhere; }
.cm-event-detail dl dl { padding-left: 0.5rem; border-left: 2px solid #e5e8eb; }
`;

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** extraData as people read it: nested definition lists, `from → to` pairs on one line, arrays joined. */
function Readable({ value }: { value: unknown }): ReactNode {
  const { t } = useTranslation();
  if (value === null || value === undefined || value === '') return <span className={Classes.TEXT_MUTED}>—</span>;
  if (Array.isArray(value)) return value.every((v) => !isPlainObject(v)) ? value.map((v) => (v === null ? '—' : String(v))).join(' / ') : <>{value.map((v, i) => <Readable key={i} value={v} />)}</>;
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 2 && keys.includes('from') && keys.includes('to') && !isPlainObject(value.from) && !isPlainObject(value.to)) {
      const text = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));
      return t('events.from_to', { from: text(value.from), to: text(value.to) });
    }
    return (
      <dl>
        {keys.map((key) => (
          <div key={key} style={{ display: 'contents' }}>
            <dt>{key}</dt>
            <dd><Readable value={value[key]} /></dd>
          </div>
        ))}
      </dl>
    );
  }
  return String(value);
}

function DetailBody({ events, event }: { events: EventsController; event: EventDetail }) {
  const { t } = useTranslation();
  const rows: [string, ReactNode][] = [
    [t('events.columns.type'), t(`events.types.${event.type}`)],
    [t('events.columns.at'), formatDateTime(event.at)],
    [t('events.columns.agentId'), event.agentId ? <AgentName id={event.agentId} names={events.agentNames} /> : '—'],
    [t('events.columns.state'), event.state ? <span title={event.state}>{events.labels.state(event.state)}</span> : '—'],
    [t('events.fields.previousState'), event.previousState ? <span title={event.previousState}>{events.labels.state(event.previousState)}</span> : '—'],
    [t('events.fields.outcome'), event.outcome ? <span title={event.outcome}>{events.labels.outcome(event.outcome)}</span> : '—'],
    [t('events.fields.notes'), event.notes ?? '—'],
    ...(event.runId ? [[t('events.fields.runId'), event.runId] as [string, ReactNode]] : []),
  ];
  return (
    <div className="cm-event-detail">
      <dl>
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3>{t('events.fields.extraData')}</h3>
      {event.extraData ? <Readable value={event.extraData} /> : <p>{t('events.noDetail')}</p>}
    </div>
  );
}

function AgentsSelect({ events }: { events: EventsController }) {
  const { t } = useTranslation();
  const selected = events.agents.filter((a) => events.filters.agents.includes(a.id));
  const toggle = (agent: UserListItem) =>
    events.setFilters({ agents: events.filters.agents.includes(agent.id) ? events.filters.agents.filter((id) => id !== agent.id) : [...events.filters.agents, agent.id] });
  return (
    <MultiSelect<UserListItem>
      items={events.agents}
      selectedItems={selected}
      itemPredicate={(query, agent) => agent.username.toLowerCase().includes(query.toLowerCase())}
      itemRenderer={(agent, { handleClick, modifiers }) =>
        modifiers.matchesPredicate ? <MenuItem key={agent.id} text={agent.username} active={modifiers.active} roleStructure="listoption" selected={events.filters.agents.includes(agent.id)} onClick={handleClick} /> : null}
      tagRenderer={(agent) => (
        <>
          {agent.username}
          {/* Blueprint's own remove button is named "Remove tag" in every language; this one names the agent in the user's. */}
          <button type="button" className={`${Classes.TAG_REMOVE} cm-events__agent-remove`} aria-label={t('events.removeAgent', { name: agent.username })} onClick={(event) => { event.stopPropagation(); toggle(agent); }}>
            <SmallCross />
          </button>
        </>
      )}
      onItemSelect={toggle}
      onRemove={toggle}
      placeholder={t('events.agentsPlaceholder')}
      resetOnSelect
      popoverProps={{ minimal: true }}
      tagInputProps={{
        inputProps: { id: 'cm-events-agents', 'aria-label': t('events.agents') },
        // Backspace still removes the last agent (TagInput's onRemove); the tags' remove buttons are the app's own.
        tagProps: { onRemove: undefined },
        // Blueprint's own clear button (onClear) is named in English; this one in the user's language.
        rightElement: selected.length ? <Button variant="minimal" icon={<Cross />} aria-label={t('events.clearAgents')} title={t('events.clearAgents')} onClick={() => events.setFilters({ agents: [] })} /> : undefined,
      }}
    />
  );
}

export const EventsPage = () => {
  const { t } = useTranslation();
  const events = useEventsController();
  const { filters } = events;
  const detailTitle = t('events.detailTitle', { id: events.detail.row?.id ?? '' });
  return (
    <section className="cm-page cm-events" aria-labelledby="cm-page-title">
      <style>{CSS}</style>
      <h1 id="cm-page-title" className="cm-page-title">{t('events.title')}</h1>
      <form
        className="cm-events__filters"
        onSubmit={(e) => {
          e.preventDefault();
          events.search();
        }}
      >
        <FormGroup
          label={t('events.contactId')}
          labelFor="cm-events-contact"
          labelInfo="*"
          className="cm-events__contact"
          intent={events.contactIdError ? 'danger' : 'none'}
          helperText={events.contactIdError ? <span id="cm-events-contact-error" role="alert">{events.contactIdError}</span> : t('events.contactIdHelp')}
        >
          <InputGroup
            id="cm-events-contact"
            value={filters.contactId}
            onValueChange={(contactId) => events.setFilters({ contactId })}
            onBlur={events.contactIdLeft}
            required
            spellCheck={false}
            autoComplete="off"
            intent={events.contactIdError ? 'danger' : 'none'}
            aria-invalid={events.contactIdError ? true : undefined}
            aria-describedby={events.contactIdError ? 'cm-events-contact-error' : undefined}
          />
        </FormGroup>
        {events.agentFilter ? (
          <FormGroup label={t('events.agents')} labelFor="cm-events-agents">
            <AgentsSelect events={events} />
          </FormGroup>
        ) : null}
        <FormGroup label={t('events.from')} labelFor="cm-events-from">
          <DayInput key={`from-${events.dateRound}`} id="cm-events-from" value={filters.from} onChange={(from) => events.setFilters({ from })} onInvalidText={(bad) => events.setDateText('from', bad)} placeholder={t('events.datePlaceholder')} />
        </FormGroup>
        <FormGroup label={t('events.to')} labelFor="cm-events-to">
          <DayInput key={`to-${events.dateRound}`} id="cm-events-to" value={filters.to} onChange={(to) => events.setFilters({ to })} onInvalidText={(bad) => events.setDateText('to', bad)} placeholder={t('events.datePlaceholder')} />
        </FormGroup>
        {/* An empty label of the fields' height: the buttons line up with the inputs, whatever help a field shows under it. */}
        <FormGroup label={<span aria-hidden>{'\u00a0'}</span>}>
          <div className="cm-events__buttons">
            <Button type="submit" intent="primary" icon={<Search />} text={t('events.search')} disabled={!events.canSearch} />
            <Button text={t('events.reset')} onClick={events.reset} />
          </div>
        </FormGroup>
      </form>

      {events.status === 'idle' ? (
        <NonIdealState icon={<History size={48} />} title={t('events.start')} />
      ) : (
        <>
          <div className="cm-events__table">
            <HTMLTable compact striped aria-label={t('events.title')}>
              <thead>
                <tr>
                  <th>{t('events.columns.id')}</th>
                  <th>{t('events.columns.type')}</th>
                  <th>{t('events.columns.state')}</th>
                  <th>{t('events.columns.contactId')}</th>
                  <th>{t('events.columns.agentId')}</th>
                  <th>{t('events.columns.at')}</th>
                  <th>{t('events.columns.detail')}</th>
                </tr>
              </thead>
              <tbody>
                {events.rows.map((row) => (
                  <tr key={row.id}>
                    <td>{row.id}</td>
                    <td><Tag minimal>{t(`events.types.${row.type}`)}</Tag></td>
                    <td title={row.state ?? undefined}>{events.labels.state(row.state)}</td>
                    <td>{row.contactId}</td>
                    <td><AgentName id={row.agentId} names={events.agentNames} /></td>
                    <td>{formatDateTime(row.at)}</td>
                    <td>
                      {row.showDetail ? (
                        <Button variant="minimal" size="small" icon={<EyeOpen />} aria-label={t('events.showDetail', { id: row.id })} onClick={() => events.openDetail(row)} />
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
            {events.status === 'ready' && events.rows.length === 0 ? <Callout>{t('events.empty')}</Callout> : null}
            {events.status === 'error' ? (
              <Callout intent="danger" role="alert" title={t('events.loadFailed')} className="cm-events__failed">
                <p>{events.error}</p>
                <Button text={t('events.retry')} onClick={events.retry} />
              </Callout>
            ) : null}
            {events.status === 'loading' ? <div className="cm-events__loading"><AppSpinner size={24} /></div> : null}
          </div>
          <nav className="cm-events__pager" aria-label={t('contactsList.pageOf', { page: events.page + 1, pages: events.pageCount })}>
            <span>{t('events.total', { count: events.total })}</span>
            <div>
              <Button variant="minimal" icon={<ChevronLeft />} aria-label={t('contactsList.previous')} disabled={events.page <= 0} onClick={() => events.setPage(events.page - 1)} />
              <span aria-live="polite">{t('contactsList.pageOf', { page: events.page + 1, pages: events.pageCount })}</span>
              <Button variant="minimal" icon={<ChevronRight />} aria-label={t('contactsList.next')} disabled={events.page >= events.pageCount - 1} onClick={() => events.setPage(events.page + 1)} />
            </div>
          </nav>
        </>
      )}

      <AppDrawer isOpen={events.detail.open} onClose={events.closeDetail} title={detailTitle} size="min(32rem, 100%)">
        {/* Blueprint's Drawer carries no dialog role of its own. */}
        <div role="dialog" aria-modal="true" aria-label={detailTitle} className="cm-events__detail">
          <div className={Classes.DRAWER_BODY}>
            <div className={Classes.DIALOG_BODY}>
              {events.detail.loading ? <Spinner size={24} aria-label={t('events.detailLoading')} />
                : events.detail.event ? <DetailBody events={events} event={events.detail.event} />
                  : events.detail.error ? (
                    <Callout intent="danger" role="alert" title={t('events.detailFailed')}>
                      <p>{events.detail.error}</p>
                      {events.detail.row ? <Button text={t('events.retry')} onClick={() => { if (events.detail.row) events.openDetail(events.detail.row); }} /> : null}
                    </Callout>
                  ) : null}
            </div>
          </div>
        </div>
      </AppDrawer>
    </section>
  );
};
