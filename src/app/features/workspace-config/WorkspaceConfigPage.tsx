import { Wrench } from '@blueprintjs/icons';
import { EmptyScreen } from '../../shell/EmptyScreen';

export const WorkspaceConfigPage = () => <EmptyScreen screen="workspaceconfig" icon={<Wrench size={48} />} />;
