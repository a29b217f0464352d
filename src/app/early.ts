// main.tsx's first import, so that it runs before the rest of the app's modules evaluate (see startEarlyRequests).
import { startEarlyRequests } from './routes/early-loads';

export const earlyRequests = startEarlyRequests({ storage: window.localStorage, sessionStorage: window.sessionStorage, pathname: window.location.pathname });
