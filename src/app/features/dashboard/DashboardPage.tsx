import { Dashboard } from '@blueprintjs/icons';
import { EmptyScreen } from '../../shell/EmptyScreen';

export const DashboardPage = () => <EmptyScreen screen="dashboard" icon={<Dashboard size={48} />} />;
