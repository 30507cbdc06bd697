import { listConversations, type Conversation } from '@yado/contract/chat.contract';
import { useCallback, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.component';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { cx } from '../../../lib/class-names';
import { useTranslation } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language.hook';
import { useChatEvents, useChatLiveState } from '../hooks/use-chat-live.hook';
import { ChatConversationList } from './chat-conversation-list.component';
import { ChatThread } from './chat-thread.component';

/**
 * The staff inbox: every conversation with messages, unread first, updated live; the one chosen
 * (`?c=`) is answered beside the list (below it on a phone, with a way back).
 */
export function StaffChatInbox({ initial }: { initial: Conversation[] }) {
  const { t } = useTranslation('chat');
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const selected = params.get('c');
  // The loader's list until the first live refresh replaces it.
  const [fetched, setConversations] = useState<Conversation[] | null>(null);
  const conversations = fetched ?? initial;
  const [error, setError] = useState<string | null>(null);
  const { connected } = useChatLiveState();
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const load = useCallback(async () => {
    try {
      const res = await callMethod(listConversations, { limit: 200 }, { language });
      setConversations(res.conversations);
      setError(null);
    } catch (e) {
      setError(isApiError(e) ? e.displayMessage : t('chat:loadFailed'));
    }
  }, [language, t]);

  useChatEvents(() => {
    if (refreshTimer.current) clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(() => void load(), 250);
  });

  const select = (conversationId: string | null) => {
    const next = new URLSearchParams(params);
    if (conversationId) next.set('c', conversationId);
    else next.delete('c');
    setParams(next, { preventScrollReset: true });
  };
  const current = conversations.find((c) => c.conversationId === selected) ?? null;

  return (
    <div className={cx('staff-chat', selected && 'staff-chat--thread-open')}>
      <p className="staff-chat__status" role="status">
        {connected ? t('chat:live') : t('chat:connecting')}
      </p>
      {error ? (
        <p className="chat-thread__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="staff-chat__panes">
        <nav className="staff-chat__list" aria-label={t('chat:inboxList')}>
          <ChatConversationList
            conversations={conversations}
            selectedId={selected}
            onSelect={(id) => select(id)}
            showGuest
          />
        </nav>
        <section className="staff-chat__thread" aria-label={t('chat:thread')}>
          {selected ? (
            <>
              <header className="staff-chat__thread-header">
                <Button variant="text" size="small" className="staff-chat__back" onClick={() => select(null)}>
                  {t('chat:back')}
                </Button>
                {current ? (
                  <div>
                    <h2 className="staff-chat__thread-title">{current.subject.title}</h2>
                    <p className="staff-chat__thread-meta">
                      {current.subject.guestName} · {current.subject.reference}
                    </p>
                  </div>
                ) : null}
              </header>
              <ChatThread key={selected} conversationId={selected} />
            </>
          ) : (
            <p className="chat-list__empty">{t('chat:pick')}</p>
          )}
        </section>
      </div>
    </div>
  );
}
