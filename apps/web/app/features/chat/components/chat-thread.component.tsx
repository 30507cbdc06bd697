import {
  CHAT_MESSAGE_MAX_CHARS,
  listMessages,
  markConversationRead,
  sendMessage,
  uploadChatImage,
  type ChatMessage,
} from '@yado/contract/chat.contract';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { Button } from '../../../components/ui/button.component';
import { callMethod } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { cx } from '../../../lib/class-names';
import { fileToBase64, MAX_IMAGE_BYTES } from '../../../lib/file-base64';
import { formatDateTime } from '../../../lib/format-date-time';
import { useTranslation } from '../../../lib/i18n';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/idempotency-key';
import { useApiQuery } from '../../../lib/use-api-query.hook';
import { useLanguage } from '../../../lib/use-language.hook';
import { mergeMessages } from '../chat-messages';
import { setTotalUnread, useChatEvents } from '../hooks/use-chat-live.hook';

const PAGE = 50;

/**
 * One conversation: its messages (older pages on demand, new ones live), read marking while it is
 * shown, and the composer with an image attachment. Text is rendered as text, never as markup.
 */
export function ChatThread({ conversationId, className }: { conversationId: string; className?: string }) {
  const { t } = useTranslation('chat');
  const language = useLanguage();
  // The newest page, read once per conversation; everything after it (live, sent, older, caught up) joins it.
  const first = useApiQuery(
    listMessages,
    { conversationId, limit: PAGE },
    { revalidateOnFocus: false, revalidateIfStale: false, revalidateOnReconnect: false },
  );
  const [extra, setExtra] = useState<ChatMessage[]>([]);
  const [olderHasMore, setOlderHasMore] = useState<boolean | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const messages = useMemo(() => mergeMessages(first.data?.messages ?? [], extra), [first.data, extra]);
  const loaded = first.data !== undefined;
  const hasOlder = olderHasMore ?? first.data?.hasMore ?? false;
  const listRef = useRef<HTMLOListElement>(null);
  const stickToBottom = useRef(true);
  const markedUpTo = useRef(0);

  const merge = useCallback((incoming: ChatMessage[]) => {
    setExtra((current) => mergeMessages(current, incoming));
  }, []);

  // After a reconnect: whatever arrived since the last message shown.
  const catchUp = useCallback(
    async (afterMessageId: number) => {
      try {
        const page = await callMethod(listMessages, { conversationId, afterMessageId, limit: 200 }, { language });
        merge(page.messages);
        setLoadError(null);
      } catch (e) {
        setLoadError(isApiError(e) ? e.displayMessage : t('chat:loadFailed'));
      }
    },
    [conversationId, language, merge, t],
  );

  const latestId = messages.at(-1)?.messageId ?? null;
  useChatEvents((e) => {
    if (e.type === 'message' && e.message.conversationId === conversationId) merge([e.message]);
    if (e.type !== 'connected' || !e.connected) return;
    // Connected (again): read what arrived since the last message shown, or the newest page again.
    if (latestId !== null) void catchUp(latestId);
    else void first.mutate();
  });
  const shownError =
    loadError ?? (first.error ? (isApiError(first.error) ? first.error.displayMessage : t('chat:loadFailed')) : null);

  async function loadOlder() {
    const oldest = messages[0];
    if (!oldest) return;
    const list = listRef.current;
    const before = list ? list.scrollHeight - list.scrollTop : 0;
    try {
      const page = await callMethod(
        listMessages,
        { conversationId, beforeMessageId: oldest.messageId, limit: PAGE },
        { language },
      );
      stickToBottom.current = false;
      merge(page.messages);
      setOlderHasMore(page.hasMore);
      // Keep the message the reader was looking at where it was.
      requestAnimationFrame(() => {
        if (list) list.scrollTop = list.scrollHeight - before;
      });
    } catch (e) {
      setLoadError(isApiError(e) ? e.displayMessage : t('chat:loadFailed'));
    }
  }

  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && stickToBottom.current) list.scrollTop = list.scrollHeight;
  }, [messages]);

  // What the other side wrote is read once it is on screen (the page visible).
  useEffect(() => {
    const newestFromOthers = [...messages].reverse().find((m) => !m.sentByMe)?.messageId ?? 0;
    if (!loaded || newestFromOthers <= markedUpTo.current) return;
    const mark = () => {
      if (document.visibilityState !== 'visible' || newestFromOthers <= markedUpTo.current) return;
      markedUpTo.current = newestFromOthers;
      callMethod(markConversationRead, { conversationId, upToMessageId: newestFromOthers }, { language })
        .then((r) => setTotalUnread(r.totalUnread))
        .catch(() => {
          markedUpTo.current = 0;
        });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [messages, loaded, conversationId, language]);

  return (
    <div className={cx('chat-thread', className)}>
      <ol
        className="chat-thread__messages"
        ref={listRef}
        aria-live="polite"
        aria-label={t('chat:messages')}
        onScroll={(e) => {
          const el = e.currentTarget;
          stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
        }}
      >
        {hasOlder ? (
          <li className="chat-thread__older">
            <Button variant="text" size="small" onClick={() => void loadOlder()}>
              {t('chat:older')}
            </Button>
          </li>
        ) : null}
        {loaded && messages.length === 0 ? <li className="chat-thread__empty">{t('chat:empty')}</li> : null}
        {!loaded && !shownError ? <li className="chat-thread__empty">{t('chat:loading')}</li> : null}
        {messages.map((m) => (
          <ChatBubble key={m.messageId} message={m} />
        ))}
      </ol>
      {shownError ? (
        <p className="chat-thread__error" role="alert">
          {shownError}
        </p>
      ) : null}
      <ChatComposer conversationId={conversationId} onSent={(m) => merge([m])} />
    </div>
  );
}

function ChatBubble({ message: m }: { message: ChatMessage }) {
  const { t } = useTranslation('chat');
  const language = useLanguage();
  const who = m.sentByMe ? t('chat:you') : m.senderRole === 'STAFF' ? t('chat:hostTeam') : m.senderName;
  return (
    <li className={cx('chat-bubble', m.sentByMe ? 'chat-bubble--mine' : 'chat-bubble--theirs')}>
      <span className="chat-bubble__who">{who}</span>
      {m.image ? (
        <a className="chat-bubble__image" href={m.image.url} target="_blank" rel="noreferrer">
          <img
            src={m.image.url}
            width={m.image.width}
            height={m.image.height}
            alt={t('chat:imageAlt')}
            loading="lazy"
          />
        </a>
      ) : null}
      {m.text ? <p className="chat-bubble__text">{m.text}</p> : null}
      <time className="chat-bubble__time">{formatDateTime(m.sentAt, language)}</time>
    </li>
  );
}

function ChatComposer({ conversationId, onSent }: { conversationId: string; onSent: (m: ChatMessage) => void }) {
  const { t } = useTranslation('chat');
  const language = useLanguage();
  const [text, setText] = useState('');
  const [image, setImage] = useState<{ file: File; preview: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One key per message being sent: a retry after a lost answer is answered with the first send.
  const attempt = useRef<{ key: string; imageId: string | null } | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  useEffect(() => () => (image ? URL.revokeObjectURL(image.preview) : undefined), [image]);

  function choose(file: File | undefined) {
    setError(null);
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES) {
      setError(t('chat:imageTooLarge'));
      return;
    }
    attempt.current = null;
    setImage({ file, preview: URL.createObjectURL(file) });
  }

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (busy || (!text.trim() && !image)) return;
    setBusy(true);
    setError(null);
    try {
      attempt.current ??= { key: newIdempotencyKey(), imageId: null };
      if (image && !attempt.current.imageId) {
        const uploaded = await callMethod(
          uploadChatImage,
          { conversationId, contentBase64: await fileToBase64(image.file) },
          { language },
        );
        attempt.current.imageId = uploaded.imageId;
      }
      const { message } = await callMethod(
        sendMessage,
        {
          conversationId,
          text,
          ...(attempt.current.imageId ? { imageId: attempt.current.imageId } : {}),
        },
        { language, headers: { [IDEMPOTENCY_HEADER]: attempt.current.key } },
      );
      attempt.current = null;
      setText('');
      setImage(null);
      if (fileRef.current) fileRef.current.value = '';
      onSent(message);
    } catch (err) {
      // A refusal is final for this message: the next try is a new one.
      if (isApiError(err)) attempt.current = null;
      setError(isApiError(err) ? err.displayMessage : t('chat:sendFailed'));
    } finally {
      setBusy(false);
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends, Shift+Enter breaks the line; never while an input method is composing (Japanese).
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  }

  const inputId = `chat-input-${conversationId}`;
  return (
    <form className="chat-composer" onSubmit={(e) => void submit(e)}>
      {error ? (
        <p className="chat-composer__error" role="alert">
          {error}
        </p>
      ) : null}
      {image ? (
        <div className="chat-composer__attachment">
          <img src={image.preview} alt={t('chat:attachmentPreview')} />
          <Button
            variant="text"
            size="small"
            onClick={() => {
              setImage(null);
              attempt.current = null;
              if (fileRef.current) fileRef.current.value = '';
            }}
          >
            {t('chat:removeImage')}
          </Button>
        </div>
      ) : null}
      <div className="chat-composer__row">
        <label className="chat-composer__attach" title={t('chat:attach')}>
          <input
            ref={fileRef}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="visually-hidden"
            onChange={(e) => choose(e.currentTarget.files?.[0])}
          />
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span className="visually-hidden">{t('chat:attach')}</span>
        </label>
        <label htmlFor={inputId} className="visually-hidden">
          {t('chat:messageLabel')}
        </label>
        <textarea
          id={inputId}
          className="chat-composer__input"
          rows={1}
          value={text}
          maxLength={CHAT_MESSAGE_MAX_CHARS}
          placeholder={t('chat:placeholder')}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" size="small" busy={busy} disabled={!text.trim() && !image}>
          {t('chat:send')}
        </Button>
      </div>
    </form>
  );
}
