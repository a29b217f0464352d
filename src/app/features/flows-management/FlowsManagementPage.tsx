import { Flows } from '@blueprintjs/icons';
import { EmptyScreen } from '../../shell/EmptyScreen';

export const FlowsManagementPage = () => <EmptyScreen screen="flowsmanagement" icon={<Flows size={48} />} />;
