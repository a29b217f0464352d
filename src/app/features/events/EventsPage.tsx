import { History } from '@blueprintjs/icons';
import { EmptyScreen } from '../../shell/EmptyScreen';

export const EventsPage = () => <EmptyScreen screen="events" icon={<History size={48} />} />;
