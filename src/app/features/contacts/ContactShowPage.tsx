import { Person } from '@blueprintjs/icons';
import { useParams } from 'react-router-dom';
import { EmptyScreen } from '../../shell/EmptyScreen';

export const ContactShowPage = () => {
  const { id = '' } = useParams();
  return <EmptyScreen screen="contactsShow" icon={<Person size={48} />} values={{ id }} />;
};
