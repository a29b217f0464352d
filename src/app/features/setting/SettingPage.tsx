import { Cog } from '@blueprintjs/icons';
import { EmptyScreen } from '../../shell/EmptyScreen';

export const SettingPage = () => <EmptyScreen screen="setting" icon={<Cog size={48} />} />;
