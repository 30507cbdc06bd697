import { useTranslation } from '../../../lib/i18n';
import { ChatThread } from './chat-thread.component';

/** A booking's (or a rental's) conversation with the host, as a section of its page. */
export function BookingChat({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('chat');
  if (!conversationId) return null;
  return (
    <section className="booking-chat" aria-labelledby="booking-chat-heading">
      <h2 id="booking-chat-heading">{t('chat:bookingHeading')}</h2>
      <p className="booking-chat__lead">{t('chat:bookingLead')}</p>
      <ChatThread conversationId={conversationId} className="booking-chat__thread" />
    </section>
  );
}
