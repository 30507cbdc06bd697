import { listConversations, type Conversation } from '@yado/contract/chat.contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { routePolicyFor } from '../../../lib/route-policy';
import { useLanguage } from '../../../lib/use-language.hook';
import { useSignedIn } from '../../../lib/use-signed-in.hook';
import chatStylesHref from '../../../styles/chat.css?url';
import { setTotalUnread, useChatEvents, useChatLiveState } from '../hooks/use-chat-live.hook';
import { ChatConversationList } from './chat-conversation-list.component';
import { ChatThread } from './chat-thread.component';

/**
 * The chat with the host on every page where the route table allows chat: a launcher with the unread
 * count, opening a panel with the signed-in user's conversations and one conversation's thread. It
 * renders into the shell's chat container (components/ui/chat-container.component.tsx), so pages
 * without the container (the car's remote) have no chat at all.
 */
export function ChatWidget() {
  const { pathname } = useLocation();
  const signedIn = useSignedIn();
  const [container, setContainer] = useState<HTMLElement | null>(null);

  // The shell renders the container in the same commit as this page: look for it once that is on screen.
  useEffect(() => {
    const frame = requestAnimationFrame(() =>
      setContainer(routePolicyFor(pathname).chat ? document.getElementById('chat-container') : null),
    );
    return () => cancelAnimationFrame(frame);
  }, [pathname]);

  if (!signedIn || !container) return null;
  return createPortal(<ChatPanel />, container);
}

function ChatPanel() {
  const { t } = useTranslation('chat');
  const language = useLanguage();
  const { totalUnread } = useChatLiveState();
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [conversations, setConversations] = useState<Conversation[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const load = useCallback(async () => {
    try {
      const res = await callMethod(listConversations, { limit: 50 }, { language });
      setConversations(res.conversations);
      setTotalUnread(res.totalUnread);
      setError(null);
    } catch (e) {
      setError(isApiError(e) ? e.displayMessage : t('chat:loadFailed'));
    }
  }, [language, t]);

  // The list follows the stream: a new message or a read elsewhere reorders it and changes counts.
  useChatEvents((e) => {
    if (e.type === 'connected' || !open) return;
    if (refreshTimer.current) clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(() => void load(), 300);
  });

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      launcherRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const current = conversations?.find((c) => c.conversationId === selected) ?? null;
  return (
    <>
      <link rel="stylesheet" href={chatStylesHref} precedence="default" />
      {open ? (
        <section className="chat-panel" role="dialog" aria-modal="false" aria-labelledby="chat-panel-title">
          <header className="chat-panel__header">
            {selected ? (
              <button type="button" className="chat-panel__back" onClick={() => setSelected(null)}>
                <span aria-hidden="true">‹ </span>
                {t('chat:back')}
              </button>
            ) : null}
            <h2 id="chat-panel-title" className="chat-panel__title">
              {current ? current.subject.title : t('chat:title')}
            </h2>
            <button
              type="button"
              className="chat-panel__close"
              aria-label={t('chat:close')}
              onClick={() => {
                setOpen(false);
                launcherRef.current?.focus();
              }}
            >
              ×
            </button>
          </header>
          {current ? <p className="chat-panel__subject">{current.subject.reference}</p> : null}
          {error ? (
            <p className="chat-thread__error" role="alert">
              {error}
            </p>
          ) : null}
          {selected ? (
            <ChatThread key={selected} conversationId={selected} className="chat-panel__thread" />
          ) : conversations ? (
            <div className="chat-panel__list">
              <p className="chat-panel__lead">{t('chat:lead')}</p>
              <ChatConversationList
                conversations={conversations}
                selectedId={null}
                onSelect={setSelected}
                showGuest={false}
              />
            </div>
          ) : (
            <p className="chat-list__empty">{t('chat:loading')}</p>
          )}
        </section>
      ) : null}
      <button
        ref={launcherRef}
        type="button"
        className="chat-launcher"
        aria-expanded={open}
        onClick={() => {
          if (!open) void load();
          setOpen(!open);
        }}
      >
        <svg className="chat-launcher__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4h0A2.5 2.5 0 0 1 4 13.5z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
        <span className="chat-launcher__label">{t('chat:launcher')}</span>
        {totalUnread ? (
          <span className="chat-badge chat-launcher__badge" aria-label={t('chat:unread', { count: totalUnread })}>
            {totalUnread > 99 ? '99+' : totalUnread}
          </span>
        ) : null}
      </button>
    </>
  );
}
