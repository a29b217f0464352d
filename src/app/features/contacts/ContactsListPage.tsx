import { People } from '@blueprintjs/icons';
import { EmptyScreen } from '../../shell/EmptyScreen';

export const ContactsListPage = () => <EmptyScreen screen="contactsList" icon={<People size={48} />} />;
