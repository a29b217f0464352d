import { Edit } from '@blueprintjs/icons';
import { Navigate, useParams } from 'react-router-dom';
import { isContactId } from '../../routes/paths';
import { EmptyScreen } from '../../shell/EmptyScreen';

/** /contacts/edit/:id: an id that is not 24 hexadecimal characters goes to /404. */
export const ContactEditPage = () => {
  const { id } = useParams();
  if (!isContactId(id)) return <Navigate to="/404" replace />;
  return <EmptyScreen screen="contactsEdit" icon={<Edit size={48} />} values={{ id }} />;
};
