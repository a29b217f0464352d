import { Button, Callout, Card, FormGroup, HTMLTable, NonIdealState, NumericInput, Spinner, Tab, Tabs, Tag } from '@blueprintjs/core';
import { CaretDown, CaretUp, ChevronLeft, ChevronRight, Dashboard, Refresh } from '@blueprintjs/icons';
import { useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Area, Bar, BarChart, CartesianGrid, Cell, ComposedChart, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { AVAILABILITY_LABELS } from '@domain/availability';
import type { AgentKpi } from '@domain/api/dashboard';
import { formatChartDay, formatChartHour, formatDateTime, numberFormat } from '../../ui/insight-format';
import { useDashboardController, type AgentSortKey, type DashboardController, type Panel } from './use-dashboard-controller';
import { PlainSelect } from '@renderers/layout/PlainSelect/PlainSelect';

const CSS = `
.cm-dashboard { display: flex; flex-direction: column; gap: 0.75rem; min-width: 0; }
.cm-dashboard__toolbar { display: flex; flex-wrap: wrap; align-items: flex-end; gap: 0.75rem; }
.cm-dashboard__toolbar .bp6-form-group { margin: 0; }
.cm-dashboard__grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 26rem), 1fr)); gap: 0.75rem; }
.cm-dashboard__panel { display: flex; flex-direction: column; gap: 0.5rem; min-width: 0; }
.cm-dashboard__panel h2 { font-size: 1rem; margin: 0; }
.cm-dashboard__chart { width: 100%; height: 300px; min-width: 0; }
.cm-dashboard__state { min-height: 120px; display: flex; align-items: center; justify-content: center; }
.cm-dashboard__figures { display: grid; grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr)); gap: 0.5rem; }
.cm-dashboard__figure { display: flex; flex-direction: column; gap: 0.25rem; }
.cm-dashboard__figure strong { font-size: 1.4rem; }
.cm-dashboard__table { overflow-x: auto; }
.cm-dashboard__table table { width: 100%; }
.cm-dashboard__dot { display: inline-block; width: 0.6rem; height: 0.6rem; border-radius: 50%; margin-right: 0.4rem; }
.cm-dashboard__pager { display: flex; align-items: center; justify-content: flex-end; gap: 0.25rem; }
/* Three tab titles are wider than a phone: the list wraps (Blueprint's indicator follows the selected tab's row). */
.cm-dashboard .bp6-tab-list { flex-wrap: wrap; row-gap: 0.25rem; }
.cm-dashboard .bp6-tab-list > .bp6-tab { white-space: nowrap; }
.cm-dashboard .bp6-tab-panel { min-width: 0; }
`;

/** Under the tablet breakpoint (spec 1 §2): category charts lay their bars across, names down the side. */
const NARROW = '(max-width: 767px)';
const subscribeNarrow = (onChange: () => void) => {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(NARROW);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
};
const useNarrow = (): boolean => useSyncExternalStore(subscribeNarrow, () => typeof window.matchMedia === 'function' && window.matchMedia(NARROW).matches, () => false);

/** About the width of one character of the 11 px axis text. */
const TICK_CHAR_PX = 6.5;

interface TickProps { x?: number | string; y?: number | string; payload?: { value?: unknown }; textAnchor?: 'start' | 'middle' | 'end' | 'inherit'; width?: number | string; visibleTicksCount?: number; fill?: string }

/**
 * A category's name on an axis, cut with an ellipsis to the room it has (the full name in its title, and in the
 * tooltip): below the bars, the axis width shared by the categories; beside them (`across`), the axis width.
 */
function CategoryTick({ x = 0, y = 0, payload, textAnchor, width, visibleTicksCount, fill, across = false }: TickProps & { across?: boolean }) {
  const full = String(payload?.value ?? '');
  const room = Number(width) > 0 ? (across ? Number(width) - 8 : Number(width) / Math.max(1, visibleTicksCount ?? 1) - 4) : Infinity;
  const chars = Math.max(3, Math.floor(room / TICK_CHAR_PX));
  const text = full.length > chars ? `${full.slice(0, chars - 1)}…` : full;
  return (
    <text x={Number(x)} y={Number(y)} dy={across ? 4 : 12} textAnchor={across ? 'end' : (textAnchor ?? 'middle')} fontSize={11} fill={fill ?? '#666'} className="recharts-cartesian-axis-tick-value">
      <title>{full}</title>
      {text}
    </text>
  );
}

/**
 * Bars by category (states, time-to-close buckets): upright with every name under its bar on wide screens, laid
 * across with the names down the side on narrow ones, where a name under each bar ran into the next.
 */
function CategoryBars({ data, dataKey, name, format, testId }: { data: { name: string; [key: string]: unknown }[]; dataKey: string; name: string; format(value: unknown): string; testId: string }) {
  const narrow = useNarrow();
  const height = narrow ? Math.max(300, data.length * 32 + 80) : undefined;
  return (
    <div className="cm-dashboard__chart" data-testid={testId} data-layout={narrow ? 'across' : 'upright'} style={height ? { height } : undefined}>
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 400, height: height ?? 300 }}>
        {narrow ? (
          <BarChart data={data} layout="vertical" margin={{ left: 0, right: 12 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis type="number" allowDecimals={false} tickFormatter={format} />
            <YAxis type="category" dataKey="name" interval={0} width={120} tick={<CategoryTick across />} />
            <Tooltip formatter={(value) => format(value)} />
            <Legend />
            <Bar dataKey={dataKey} name={name} fill={SERIES.count} isAnimationActive={false} />
          </BarChart>
        ) : (
          <BarChart data={data}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="name" interval={0} tick={<CategoryTick />} />
            <YAxis allowDecimals={false} tickFormatter={format} />
            <Tooltip formatter={(value) => format(value)} />
            <Legend />
            <Bar dataKey={dataKey} name={name} fill={SERIES.count} isAnimationActive={false} />
          </BarChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}

/** Spec 3 §2: Da Lavorare green, In Attesa yellow, In Lavorazione orange, Chiuso / Chiusi Oggi red, anything else grey. */
const COLOURS: Record<string, string> = { toProcess: '#238551', waiting: '#D1980B', processing: '#C87619', closed: '#CD4246', other: '#8F99A8' };
const SERIES = { open: '#2D72D2', entered: '#238551', closed: '#CD4246', first: '#7961DB', end: '#CD4246', taken: '#238551', released: '#C87619', count: '#2D72D2' };

/** A panel's loading, error and empty states around its content. */
function PanelState<T>({ panel, empty, onRetry, children }: { panel: Panel<T>; empty: boolean; onRetry(): void; children: ReactNode }) {
  const { t } = useTranslation();
  if (panel.status === 'loading') return <div className="cm-dashboard__state"><Spinner size={30} aria-label={t('dashboard.loading')} /></div>;
  if (panel.status === 'error') {
    return (
      <Callout intent="danger" title={t('dashboard.error')} role="alert">
        <p>{panel.error}</p>
        <Button text={t('dashboard.retry')} onClick={onRetry} />
      </Callout>
    );
  }
  if (empty) return <div className="cm-dashboard__state"><NonIdealState icon={<Dashboard size={32} />} title={t('dashboard.empty')} /></div>;
  return <>{children}</>;
}

/** One chart or table of a tab: its title, then its own loading, error or empty state, or its content. */
function PanelCard<T>({ title, panel, empty, onRetry, children }: { title: string; panel: Panel<T>; empty: boolean; onRetry(): void; children: ReactNode }) {
  return (
    <Card className="cm-dashboard__panel" aria-label={title}>
      <h2>{title}</h2>
      <PanelState panel={panel} empty={empty} onRetry={onRetry}>{children}</PanelState>
    </Card>
  );
}

const inputsSummary = (inputs: Record<string, unknown>): string =>
  Object.entries(inputs)
    .filter(([, v]) => v !== null && v !== '' && typeof v !== 'object')
    .slice(0, 3)
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(' · ');

function AvailabilityTab({ dash }: { dash: DashboardController }) {
  const { t, i18n } = useTranslation();
  const numbers = numberFormat(i18n.language);
  const panel = dash.availability;
  const data = panel.data;
  const label = (availability: string) =>
    availability === 'closed' && dash.duration === 1
      ? t('dashboard.availability.labels.closedToday')
      : availability in AVAILABILITY_LABELS ? t(`dashboard.availability.labels.${availability as keyof typeof AVAILABILITY_LABELS}`) : t('dashboard.availability.other');
  const slices = (data?.availability ?? []).map((a) => ({ name: label(a.availability), value: a.count, colour: COLOURS[a.availability] ?? COLOURS.other }));
  const byState = (data?.states ?? []).map((s) => ({ name: s.label, count: s.count }));
  const format = (value: unknown) => numbers.format(Number(value));
  const contacts = data?.contacts ?? [];
  return (
    <>
      <div className="cm-dashboard__grid">
        <PanelCard title={t('dashboard.availability.byAvailability')} panel={panel} empty={slices.every((s) => s.value === 0)} onRetry={dash.refresh}>
          <div className="cm-dashboard__chart" data-testid="chart-availability">
            <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 400, height: 300 }}>
              <PieChart>
                <Pie data={slices} dataKey="value" nameKey="name" innerRadius="45%" outerRadius="80%" isAnimationActive={false} label={({ value }) => format(value)}>
                  {slices.map((s) => <Cell key={s.name} fill={s.colour} />)}
                </Pie>
                <Tooltip formatter={(value) => format(value)} />
                <Legend />
              </PieChart>
            </ResponsiveContainer>
          </div>
        </PanelCard>
        <PanelCard title={t('dashboard.availability.byState')} panel={panel} empty={byState.every((s) => s.count === 0)} onRetry={dash.refresh}>
          <CategoryBars data={byState} dataKey="count" name={t('dashboard.availability.count')} format={format} testId="chart-states" />
        </PanelCard>
      </div>
      <PanelCard title={`${t('dashboard.availability.contacts')} (${numbers.format(data?.total ?? 0)})`} panel={panel} empty={contacts.length === 0} onRetry={dash.refresh}>
        <div className="cm-dashboard__table" tabIndex={0} role="region" aria-label={t('dashboard.availability.contacts')}>
          <HTMLTable compact striped aria-label={t('dashboard.availability.contacts')}>
            <thead>
              <tr>
                {(['state', 'availability', 'lastStateChangeAt', 'contactId', 'inputs'] as const).map((c) => <th key={c}>{t(`dashboard.availability.columns.${c}`)}</th>)}
              </tr>
            </thead>
            <tbody>
              {contacts.map((c) => (
                <tr key={c.contactId}>
                  <td>{dash.stateLabel(c.state)}</td>
                  <td><span className="cm-dashboard__dot" style={{ background: COLOURS[c.availability] ?? COLOURS.other }} />{label(c.availability)}</td>
                  <td>{formatDateTime(c.lastStateChangeAt)}</td>
                  <td>{c.contactId}</td>
                  <td>{inputsSummary(c.inputs)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
        <div className="cm-dashboard__pager">
          <Button variant="minimal" icon={<ChevronLeft />} aria-label={t('contactsList.previous')} disabled={panel.page <= 0} onClick={() => panel.setPage(panel.page - 1)} />
          <span>{t('contactsList.pageOf', { page: panel.page + 1, pages: panel.pageCount })}</span>
          <Button variant="minimal" icon={<ChevronRight />} aria-label={t('contactsList.next')} disabled={panel.page >= panel.pageCount - 1} onClick={() => panel.setPage(panel.page + 1)} />
        </div>
      </PanelCard>
    </>
  );
}

function ContactsTab({ dash }: { dash: DashboardController }) {
  const { t, i18n } = useTranslation();
  const numbers = numberFormat(i18n.language);
  const decimals = numberFormat(i18n.language, { maximumFractionDigits: 1 });
  const panel = dash.stateChanges;
  const data = panel.data;
  const format = (value: unknown) => numbers.format(Number(value));
  const first = dash.stateLabel(data?.firstState ?? '');
  const end = dash.stateLabel(data?.endState ?? '');
  const backlog = (data?.backlog ?? []).map((b) => ({ ...b, label: formatChartHour(b.hour) }));
  const daily = (data?.daily ?? []).map((d) => ({ ...d, label: formatChartDay(d.day) }));
  const durations = (data?.durations ?? []).map((d) => ({ name: t(`dashboard.contacts.buckets.${d.bucket}`), count: d.count }));
  const hours = (value: number | null) => (value === null ? '—' : t('dashboard.contacts.hours', { value: decimals.format(value) }));
  const tr = data?.transitions;
  return (
    <>
      <div className="cm-dashboard__toolbar">
        <FormGroup label={t('dashboard.contacts.firstState')} labelFor="cm-dashboard-first">
          <PlainSelect id="cm-dashboard-first" value={panel.firstState ?? ''} onChange={(e) => panel.setFirstState(e.currentTarget.value)} options={dash.states.map((s) => ({ value: s.code, label: s.label }))} />
        </FormGroup>
        <FormGroup label={t('dashboard.contacts.endState')} labelFor="cm-dashboard-end">
          <PlainSelect id="cm-dashboard-end" value={panel.endState ?? ''} onChange={(e) => panel.setEndState(e.currentTarget.value)} options={dash.states.map((s) => ({ value: s.code, label: s.label }))} />
        </FormGroup>
      </div>
      {panel.status === 'ready' && tr ? (
        <div className="cm-dashboard__figures">
          {([['started', format(tr.started)], ['completed', format(tr.completed)], ['sameDay', format(tr.sameDay)], ['average', hours(tr.averageHours)], ['median', hours(tr.medianHours)]] as const).map(([key, value]) => (
            <Card key={key} className="cm-dashboard__figure" compact>
              <span>{t(`dashboard.contacts.${key}`)}</span>
              <strong data-testid={`figure-${key}`}>{value}</strong>
            </Card>
          ))}
        </div>
      ) : null}
      <PanelCard title={t('dashboard.contacts.backlog')} panel={panel} empty={backlog.every((b) => b.open === 0 && b.entered === 0 && b.closed === 0)} onRetry={dash.refresh}>
        <div className="cm-dashboard__chart" data-testid="chart-backlog">
          <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 800, height: 300 }}>
            <ComposedChart data={backlog}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="label" minTickGap={24} tick={{ fontSize: 11 }} />
              <YAxis allowDecimals={false} tickFormatter={format} />
              <Tooltip formatter={(value) => format(value)} />
              <Legend />
              <Area type="stepAfter" dataKey="open" name={t('dashboard.contacts.open')} stroke={SERIES.open} fill={SERIES.open} fillOpacity={0.2} isAnimationActive={false} />
              <Bar dataKey="entered" name={t('dashboard.contacts.entered')} fill={SERIES.entered} isAnimationActive={false} />
              <Bar dataKey="closed" name={t('dashboard.contacts.closed')} fill={SERIES.closed} isAnimationActive={false} />
            </ComposedChart>
          </ResponsiveContainer>
        </div>
      </PanelCard>
      <div className="cm-dashboard__grid">
        <PanelCard title={t('dashboard.contacts.daily')} panel={panel} empty={daily.every((d) => d.first === 0 && d.end === 0)} onRetry={dash.refresh}>
          <div className="cm-dashboard__chart" data-testid="chart-daily">
            <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 400, height: 300 }}>
              <BarChart data={daily}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="label" tick={{ fontSize: 11 }} />
                <YAxis allowDecimals={false} tickFormatter={format} />
                <Tooltip formatter={(value) => format(value)} />
                <Legend />
                <Bar dataKey="first" name={t('dashboard.contacts.reachedFirst', { state: first })} fill={SERIES.first} isAnimationActive={false} />
                <Bar dataKey="end" name={t('dashboard.contacts.reachedEnd', { state: end })} fill={SERIES.end} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </PanelCard>
        <PanelCard title={t('dashboard.contacts.durations')} panel={panel} empty={durations.every((d) => d.count === 0)} onRetry={dash.refresh}>
          <CategoryBars data={durations} dataKey="count" name={t('dashboard.contacts.completed')} format={format} testId="chart-durations" />
        </PanelCard>
      </div>
    </>
  );
}

function AgentsTab({ dash }: { dash: DashboardController }) {
  const { t, i18n } = useTranslation();
  const numbers = numberFormat(i18n.language);
  const panel = dash.agents;
  const format = (value: unknown) => numbers.format(Number(value));
  const columns: [AgentSortKey, string][] = [['username', t('dashboard.agents.username')], ['isOnline', t('dashboard.agents.isOnline')], ['lastSignin', t('dashboard.agents.lastSignin')], ['dailyTaken', t('dashboard.agents.dailyTaken')], ['dailyReleased', t('dashboard.agents.dailyReleased')]];
  const cell = (agent: AgentKpi, key: AgentSortKey): ReactNode => {
    if (key === 'isOnline') return <Tag minimal intent={agent.isOnline ? 'success' : 'none'}>{agent.isOnline ? t('dashboard.agents.online') : t('dashboard.agents.offline')}</Tag>;
    if (key === 'lastSignin') return formatDateTime(agent.lastSignin);
    if (key === 'username') return <span className="cm-agent-name" title={agent.agentId}>{agent.username}</span>;
    return format(agent[key]);
  };
  return (
    <div className="cm-dashboard__grid">
      <PanelCard title={t('dashboard.agents.table')} panel={panel} empty={panel.sorted.length === 0} onRetry={dash.refresh}>
        <div className="cm-dashboard__table">
          <HTMLTable compact striped aria-label={t('dashboard.agents.table')}>
            <thead>
              <tr>
                {columns.map(([key, label]) => (
                  <th key={key} aria-sort={panel.sort.key === key ? (panel.sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
                    <Button variant="minimal" size="small" text={label} aria-label={t('dashboard.agents.sortBy', { column: label })} endIcon={panel.sort.key === key ? (panel.sort.order === 'asc' ? <CaretUp /> : <CaretDown />) : undefined} onClick={() => panel.setSort(key)} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {panel.sorted.map((agent) => <tr key={agent.agentId}>{columns.map(([key]) => <td key={key}>{cell(agent, key)}</td>)}</tr>)}
            </tbody>
          </HTMLTable>
        </div>
      </PanelCard>
      <PanelCard title={t('dashboard.agents.chart')} panel={panel} empty={panel.sorted.every((a) => a.dailyTaken === 0 && a.dailyReleased === 0)} onRetry={dash.refresh}>
        <div className="cm-dashboard__chart" data-testid="chart-agents">
          <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 400, height: 300 }}>
            <BarChart data={panel.sorted}>
              <CartesianGrid strokeDasharray="3 3" />
              {/* Every agent named, slanted: side by side, ten or more usernames ran into each other. */}
              <XAxis dataKey="username" interval={0} tick={{ fontSize: 11 }} angle={-35} textAnchor="end" height={72} />
              <YAxis allowDecimals={false} tickFormatter={format} />
              <Tooltip formatter={(value) => format(value)} />
              <Legend />
              <Bar dataKey="dailyTaken" name={t('dashboard.agents.dailyTaken')} fill={SERIES.taken} isAnimationActive={false} />
              <Bar dataKey="dailyReleased" name={t('dashboard.agents.dailyReleased')} fill={SERIES.released} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </PanelCard>
    </div>
  );
}

export const DashboardPage = () => {
  const { t } = useTranslation();
  const dash = useDashboardController();
  return (
    <section className="cm-page cm-dashboard" aria-labelledby="cm-page-title">
      <style>{CSS}</style>
      <h1 id="cm-page-title" className="cm-page-title">{t('dashboard.title')}</h1>
      {dash.tabs.length === 0 || !dash.tab ? (
        <NonIdealState icon={<Dashboard size={48} />} title={t('dashboard.noTabs')} />
      ) : (
        <>
          <div className="cm-dashboard__toolbar">
            <FormGroup label={t('dashboard.duration')} labelFor="cm-dashboard-duration" helperText={t('dashboard.durationHelp', { max: dash.maxDuration })}>
              <NumericInput id="cm-dashboard-duration" buttonPosition="none" min={1} max={dash.maxDuration} stepSize={1} minorStepSize={null} clampValueOnBlur value={dash.duration} onValueChange={(value) => dash.setDuration(value)} />
            </FormGroup>
            <Button icon={<Refresh />} text={t('dashboard.refresh')} onClick={dash.refresh} />
          </div>
          <Tabs id="cm-dashboard-tabs" selectedTabId={dash.tab} onChange={(id) => dash.setTab(id as typeof dash.tabs[number])} renderActiveTabPanelOnly>
            {dash.tabs.map((tab) => (
              <Tab
                key={tab}
                id={tab}
                title={t(`dashboard.tabs.${tab}`)}
                panel={tab === 'availability' ? <AvailabilityTab dash={dash} /> : tab === 'contacts' ? <ContactsTab dash={dash} /> : <AgentsTab dash={dash} />}
              />
            ))}
          </Tabs>
        </>
      )}
    </section>
  );
};
