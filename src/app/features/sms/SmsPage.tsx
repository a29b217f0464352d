import { Chat } from '@blueprintjs/icons';
import { EmptyScreen } from '../../shell/EmptyScreen';

export const SmsPage = () => <EmptyScreen screen="sms" icon={<Chat size={48} />} />;
