import type { Conversation } from '@yado/contract/chat.contract';
import { cx } from '../../../lib/class-names';
import { formatDateTime } from '../../../lib/format-date-time';
import { useTranslation } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language.hook';

/** What a conversation's last message says in a list: its text, or that it was an image. */
function preview(c: Conversation, t: (key: string) => string): string {
  const m = c.lastMessage;
  if (!m) return t('chat:noMessages');
  const body = m.text || t('chat:imageSent');
  return m.sentByMe ? `${t('chat:you')}: ${body}` : body;
}

/** Conversations as a list of buttons: the stay or car, the guest (for staff), the last message and unread count. */
export function ChatConversationList({
  conversations,
  selectedId,
  onSelect,
  showGuest,
}: {
  conversations: Conversation[];
  selectedId: string | null;
  onSelect: (conversationId: string) => void;
  showGuest: boolean;
}) {
  const { t } = useTranslation('chat');
  const language = useLanguage();
  if (conversations.length === 0) return <p className="chat-list__empty">{t('chat:noConversations')}</p>;
  return (
    <ul className="chat-list">
      {conversations.map((c) => (
        <li key={c.conversationId}>
          <button
            type="button"
            className={cx(
              'chat-list__item',
              c.conversationId === selectedId && 'chat-list__item--selected',
              c.unreadCount > 0 && 'chat-list__item--unread',
            )}
            aria-current={c.conversationId === selectedId ? 'true' : undefined}
            onClick={() => onSelect(c.conversationId)}
          >
            <span className="chat-list__title">
              {c.subject.type === 'VEHICLE_RENTAL' ? t('chat:rentalOf', { name: c.subject.title }) : c.subject.title}
            </span>
            <span className="chat-list__meta">
              {showGuest ? `${c.subject.guestName} · ` : ''}
              {c.subject.reference}
            </span>
            <span className="chat-list__preview">{preview(c, t)}</span>
            <span className="chat-list__time">{formatDateTime(c.updatedAt, language)}</span>
            {c.unreadCount > 0 ? (
              <span className="chat-badge" aria-label={t('chat:unread', { count: c.unreadCount })}>
                {c.unreadCount}
              </span>
            ) : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
