// main.tsx's first import, so that it runs before the entry's other modules evaluate (see startEarlyRequests).
import { startEarlyRequests } from './routes/early-loads';

export const earlyRequests = startEarlyRequests({ storage: window.localStorage, sessionStorage: window.sessionStorage, pathname: window.location.pathname });
