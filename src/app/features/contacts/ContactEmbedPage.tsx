import { Phone } from '@blueprintjs/icons';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { useServices } from '../../services/services-context';
import { EmptyScreen } from '../../shell/EmptyScreen';

/** The embedded contact view for telephony and CRM hosts; it keeps the embed data of spec 1 §3. */
export const ContactEmbedPage = () => {
  const params = useParams();
  const { store } = useServices();
  const embed = {
    contactId: params.contactId ?? '', campaign: params.campaign ?? '', agent: params.agent ?? '',
    guid: params.guid ?? '', callerid: params.callerid ?? '', workspaceId: params.workspaceId ?? '',
  };
  const key = JSON.stringify(embed);
  useEffect(() => {
    if (JSON.stringify(store.getState().embed) !== key) store.setEmbed(JSON.parse(key) as typeof embed);
  }, [key, store]);
  return <EmptyScreen screen="contactsEmbed" icon={<Phone size={48} />} values={{ id: embed.contactId, callerid: embed.callerid, campaign: embed.campaign }} />;
};
