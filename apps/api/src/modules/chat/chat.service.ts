import { randomBytes, randomUUID } from 'node:crypto';
import {
  CHAT_FLOOD_MAX_MESSAGES,
  CHAT_FLOOD_WINDOW_SECONDS,
  type ChatMessage,
  type Conversation,
} from '@yado/contract/chat.contract';
import { dateTimeFromDate } from '@yado/contract/date-time';
import type { Language } from '@yado/contract/headers';
import { AppError } from '../../platform/app-error.js';
import { withTx } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import type { Principal } from '../../platform/http/call-context.js';
import { enqueueNotification } from '../notification/notification-event.service.js';
import * as repo from './chat.repo.js';
import { checkMessageText, floodRetryAfterSeconds, personName, renderChatImage } from './chat.rules.js';

export type ChatScope = repo.Scope;

/** Where an attached image is served, to the conversation's participants only (chat.routes.ts). */
export const CHAT_IMAGE_PATH_PREFIX = '/media/chat-images/';
const chatImagePath = (id: string) => `${CHAT_IMAGE_PATH_PREFIX}${id}.jpg`;
/** Images uploaded but never sent are deleted after a day. */
const UNATTACHED_IMAGE_HOURS = 24;

const isStaff = (principal: Pick<Principal, 'roles'>) => principal.roles.includes('staff');

/**
 * Who may take part in which conversations: staff in every one; a guest in those of the bookings and
 * vehicle rentals they made, and a companion holding an active share of a stay's key in that stay's
 * (a revoked share ends it). This is the one rule of participation: reading, sending, read marks, the
 * live stream and the images all ask it (the repo's `guestFilter` is its SQL mirror for lists).
 */
export function chatScopeOf(principal: Pick<Principal, 'accountId' | 'roles'>): ChatScope {
  return isStaff(principal) ? { kind: 'STAFF' } : { kind: 'GUEST', accountId: principal.accountId };
}

/**
 * Whether a scope takes part in a conversation whose guest (who booked or rented) is `guestAccountId`
 * and whose companions (holders of a share of the stay's key) are `companionAccountIds`.
 */
export function takesPart(
  scope: ChatScope,
  conversation: { guestAccountId: string; companionAccountIds: readonly string[] },
): boolean {
  return (
    scope.kind === 'STAFF' ||
    scope.accountId === conversation.guestAccountId ||
    conversation.companionAccountIds.includes(scope.accountId)
  );
}

/** Whose read mark a caller moves: staff read as one team, a guest as themself. */
export function readerOf(principal: Pick<Principal, 'accountId' | 'roles'>): string {
  return isStaff(principal) ? 'staff' : `account:${principal.accountId}`;
}

export function messageView(m: repo.MessageRecord, viewerAccountId: string, language: Language): ChatMessage {
  return {
    messageId: m.id,
    conversationId: m.conversationId,
    text: m.body,
    image: m.image ? { url: chatImagePath(m.image.id), width: m.image.width, height: m.image.height } : null,
    senderRole: m.senderRole,
    senderName: m.senderRole === 'GUEST' && m.sender ? personName(m.sender, language) : '',
    sentByMe: m.senderAccountId === viewerAccountId,
    sentAt: dateTimeFromDate(m.createdAt),
  };
}

function conversationView(row: repo.ConversationListRow, viewerAccountId: string, language: Language): Conversation {
  const c = row.conversation;
  return {
    conversationId: c.id,
    subject: {
      type: c.vehicleRentalId ? 'VEHICLE_RENTAL' : 'BOOKING',
      bookingId: c.bookingId,
      vehicleRentalId: c.vehicleRentalId,
      reference: c.reference,
      title: language === 'ja' ? c.titleJa : c.titleEn,
      guestName: personName(c.guest, language),
    },
    lastMessage: row.last ? messageView(row.last, viewerAccountId, language) : null,
    unreadCount: row.unread,
    updatedAt: dateTimeFromDate(row.last?.createdAt ?? c.createdAt),
  };
}

/** The conversation if the caller takes part in it; 404 when there is none, 403 when it is someone else's. */
async function requireConversation(deps: Deps, principal: Principal, id: string): Promise<repo.ConversationRecord> {
  const c = await repo.findConversation(deps.db, id);
  if (!c) throw new AppError('CodeConversationNotFound');
  if (!takesPart(chatScopeOf(principal), { guestAccountId: c.accountId, companionAccountIds: c.companionAccountIds })) {
    throw new AppError('CodeConversationNotParticipant');
  }
  return c;
}

export async function listConversations(
  deps: Deps,
  principal: Principal,
  language: Language,
  input: { conversationId?: string | undefined; limit: number },
): Promise<{ conversations: Conversation[]; totalUnread: number }> {
  if (input.conversationId) await requireConversation(deps, principal, input.conversationId);
  const scope = chatScopeOf(principal);
  const reader = readerOf(principal);
  const rows = await repo.listConversations(deps.db, scope, reader, {
    limit: input.limit,
    ...(input.conversationId ? { conversationId: input.conversationId } : {}),
  });
  return {
    conversations: rows.map((r) => conversationView(r, principal.accountId, language)),
    totalUnread: await repo.totalUnread(deps.db, scope, reader),
  };
}

export async function listMessages(
  deps: Deps,
  principal: Principal,
  language: Language,
  input: {
    conversationId: string;
    afterMessageId?: number | undefined;
    beforeMessageId?: number | undefined;
    limit: number;
  },
): Promise<{ messages: ChatMessage[]; hasMore: boolean }> {
  await requireConversation(deps, principal, input.conversationId);
  const page = await repo.listMessages(deps.db, input.conversationId, {
    limit: input.limit,
    ...(input.afterMessageId !== undefined ? { afterId: input.afterMessageId } : {}),
    ...(input.beforeMessageId !== undefined ? { beforeId: input.beforeMessageId } : {}),
  });
  return { messages: page.messages.map((m) => messageView(m, principal.accountId, language)), hasMore: page.hasMore };
}

/**
 * send_message: checks the text, the flood limit and the image inside the transaction that writes the
 * message, under the lock that orders messages (so two sends at once cannot both pass the limit), and
 * announces it to every app process on commit. A staff answer tells the guest by a notification.
 */
export async function sendMessage(
  deps: Deps,
  principal: Principal,
  language: Language,
  input: { conversationId: string; text: string; imageId?: string | undefined },
): Promise<{ message: ChatMessage }> {
  const conversation = await requireConversation(deps, principal, input.conversationId);
  const text = checkMessageText(input.text);
  if (!text && !input.imageId) {
    throw new AppError('CodeInvalidArgument', {
      fields: [{ field: 'text', description: 'a message needs text or an image' }],
    });
  }
  const staff = isStaff(principal);
  const id = await withTx(deps.db, async (tx) => {
    const now = deps.clock.now();
    // The checks queue only on this sender's lock for this conversation; the order lock that every
    // send queues on is taken by the message's one statement, last, and held only until the commit.
    await repo.lockSender(tx, principal.accountId, conversation.id);
    const since = new Date(now.getTime() - CHAT_FLOOD_WINDOW_SECONDS * 1000);
    const recent = await repo.recentMessagesBy(tx, principal.accountId, conversation.id, since);
    if (recent.count >= CHAT_FLOOD_MAX_MESSAGES) {
      throw new AppError('CodeChatFlood', { retryAfterSeconds: floodRetryAfterSeconds(recent.oldest, now) });
    }
    if (input.imageId && !(await repo.findAttachableImage(tx, input.imageId, conversation.id, principal.accountId))) {
      throw new AppError('CodeChatImageNotFound');
    }
    if (staff) {
      // Written before the message so the order lock is not held for it; the same transaction, so a
      // message that is not stored notifies nobody. A retry with the Idempotency-Key replays the
      // first answer, so one send is one notification.
      await enqueueNotification(tx, now, {
        userId: conversation.userId,
        kind: 'CHAT_MESSAGE',
        params: { reference: conversation.reference, preview: [...text].slice(0, 80).join('') },
        link: conversation.vehicleRentalId
          ? `/mypage/vehicle-rentals/${conversation.vehicleRentalId}`
          : `/mypage/bookings/${conversation.bookingId}`,
        dedupeKey: `chat-message:${randomUUID()}`,
      });
    }
    // The sender has read what they answered; every app process hears of the message on commit.
    return repo.appendMessage(tx, {
      conversationId: conversation.id,
      senderAccountId: principal.accountId,
      senderRole: staff ? 'STAFF' : 'GUEST',
      body: text,
      imageId: input.imageId ?? null,
      reader: readerOf(principal),
      now,
    });
  });
  const stored = await repo.findMessage(deps.db, id);
  if (!stored) throw new AppError('CodeInternal');
  return { message: messageView(stored, principal.accountId, language) };
}

export async function uploadChatImage(
  deps: Deps,
  principal: Principal,
  input: { conversationId: string; contentBase64: string },
): Promise<{ imageId: string; imageUrl: string; width: number; height: number }> {
  const conversation = await requireConversation(deps, principal, input.conversationId);
  const image = await renderChatImage(Buffer.from(input.contentBase64, 'base64'));
  const id = randomBytes(16).toString('hex');
  const now = deps.clock.now();
  await repo.insertImage(deps.db, {
    id,
    conversationId: conversation.id,
    accountId: principal.accountId,
    ...image,
    now,
  });
  await repo.deleteUnattachedImages(deps.db, new Date(now.getTime() - UNATTACHED_IMAGE_HOURS * 3_600_000));
  return { imageId: id, imageUrl: chatImagePath(id), width: image.width, height: image.height };
}

export async function markConversationRead(
  deps: Deps,
  principal: Principal,
  input: { conversationId: string; upToMessageId?: number | undefined },
): Promise<{ unreadCount: number; totalUnread: number }> {
  const conversation = await requireConversation(deps, principal, input.conversationId);
  const reader = readerOf(principal);
  const latest = await repo.latestMessageIdIn(deps.db, conversation.id);
  const upTo = Math.min(input.upToMessageId ?? latest, latest);
  let unreadCount = 0;
  await withTx(deps.db, async (tx) => {
    await repo.markRead(tx, conversation.id, reader, upTo, deps.clock.now());
    unreadCount = await repo.unreadIn(tx, conversation.id, reader, principal.accountId);
    // The reader's other tabs (and the other staff) take the conversation off their unread count.
    await repo.notifyChat(tx, { t: 'r', c: conversation.id, reader, unread: unreadCount });
  });
  return { unreadCount, totalUnread: await repo.totalUnread(deps.db, chatScopeOf(principal), reader) };
}

/** An attached image for a participant of its conversation; null (404) for anyone else, so its existence is not revealed. */
export async function chatImageFor(deps: Deps, principal: Principal, imageId: string): Promise<Buffer | null> {
  const image = await repo.findImage(deps.db, imageId);
  if (!image) return null;
  const c = await repo.findConversation(deps.db, image.conversationId);
  if (
    !c ||
    !takesPart(chatScopeOf(principal), { guestAccountId: c.accountId, companionAccountIds: c.companionAccountIds })
  )
    return null;
  return image.content;
}
