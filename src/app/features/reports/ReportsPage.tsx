import { Chart } from '@blueprintjs/icons';
import { EmptyScreen } from '../../shell/EmptyScreen';

export const ReportsPage = () => <EmptyScreen screen="reports" icon={<Chart size={48} />} />;
