import { NewPerson } from '@blueprintjs/icons';
import { EmptyScreen } from '../../shell/EmptyScreen';

export const ContactCreatePage = () => <EmptyScreen screen="contactsCreate" icon={<NewPerson size={48} />} />;
