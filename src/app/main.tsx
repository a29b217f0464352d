import { earlyRequests } from './early';
import '@blueprintjs/core/lib/css/blueprint.css';
// The date pickers (DateInput3): @blueprintjs/datetime2 3.x re-exports @blueprintjs/datetime 6.x's components, whose
// stylesheet holds react-day-picker's rules and Blueprint's calendar (caption, selects, highlighted days).
// datetime2's own blueprint-datetime2.css is a subset of it that misses the picker and caption rules.
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import './styles.css';
import './theme.css';
import './responsive.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './AppProviders';
import { createApp } from './create-app';
import { createI18n } from './i18n/i18n';
import { startEarlyLoads } from './routes/early-loads';
import { themeStore } from './shell/theme/theme-store';

// The theme before the first paint: no light flash on a dark night shift.
themeStore();

const { services, bridge } = createApp(
  {
    baseUrl: '',
    storage: window.localStorage,
    sessionStorage: window.sessionStorage,
    i18n: createI18n(window.localStorage),
    reload: () => window.location.reload(),
    earlySession: earlyRequests.session,
  },
  window.location.pathname,
);
// With a stored session, the session check (started by ./early) now belongs to the app.
startEarlyLoads(services);

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');
createRoot(container).render(
  <StrictMode>
    <AppProviders services={services} bridge={bridge} Router={BrowserRouter} />
  </StrictMode>,
);
