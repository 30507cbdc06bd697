import { listConversations } from '@yado/contract/chat.contract';
import type { HeadersFunction, LinksFunction, MetaFunction } from 'react-router';
import { StaffChatInbox } from '../features/chat/components/staff-chat-inbox.component';
import { StaffPage } from '../features/staff/components/staff-page.component';
import { STAFF_HEADERS, staffLoader } from '../features/staff/staff-loader.server';
import { staffMeta } from '../features/staff/staff-meta';
import { useTranslation } from '../lib/i18n';
import chatStylesHref from '../styles/chat.css?url';
import staffStylesHref from '../styles/staff.css?url';
import type { Route } from './+types/staff-chat.route';

/** /staff/chat?c=: the guests' conversations, unread first, answered live. */
export async function loader(args: Route.LoaderArgs) {
  const { read } = staffLoader(args);
  const { conversations } = await read(listConversations, { limit: 200 });
  return { conversations };
}

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: staffStylesHref },
  { rel: 'stylesheet', href: chatStylesHref },
];
export const headers: HeadersFunction = () => STAFF_HEADERS;
export const meta: MetaFunction = ({ location }) => staffMeta(location.pathname, (t) => t('chat:inboxHeading'));

export default function StaffChatRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('chat');
  return (
    <StaffPage title={t('chat:inboxHeading')} lead={t('chat:inboxLead')}>
      <StaffChatInbox initial={loaderData.conversations} />
    </StaffPage>
  );
}
