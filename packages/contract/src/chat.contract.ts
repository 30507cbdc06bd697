import { z } from 'zod';
import { DateTimeSchema, TypedIdSchema } from './common.schema.js';
import { defineMethod } from './method.js';

/**
 * Live chat between a guest and the operator's staff: one conversation per
 * booking and per vehicle rental (its `conversationId`). Guests see their own
 * conversations, staff see every one. New messages arrive live on the event
 * stream `GET /app/v1/chat/events` (Server-Sent Events, docs/decisions/0042).
 */

/** The most characters a message's text may hold (counted as Unicode code points). */
export const CHAT_MESSAGE_MAX_CHARS = 2_000;
/** Messages one sender may send into one conversation within {@link CHAT_FLOOD_WINDOW_SECONDS}. */
export const CHAT_FLOOD_MAX_MESSAGES = 10;
export const CHAT_FLOOD_WINDOW_SECONDS = 30;
/** An image attachment as sent: at most 8 MB of JPEG, PNG or WebP. */
export const CHAT_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
const MAX_IMAGE_BASE64 = Math.ceil(CHAT_IMAGE_MAX_BYTES / 3) * 4;
/** Where the event stream is served (beside the methods, GET, authenticated like them). */
export const CHAT_EVENTS_PATH = '/app/v1/chat/events';

const MessageIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const ChatSenderRole = z.enum(['GUEST', 'STAFF']);
export type ChatSenderRole = z.infer<typeof ChatSenderRole>;

export const ChatMessageSchema = z.object({
  messageId: MessageIdSchema,
  conversationId: z.string(),
  /** Plain text, shown as text (never as markup). */
  text: z.string(),
  /** The attached image (`/media/chat-images/<id>.jpg`, readable by the conversation's participants), or null. */
  image: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }).nullable(),
  senderRole: ChatSenderRole,
  /** The guest's name for a guest's message; '' for staff (they answer as the house's team). */
  senderName: z.string(),
  /** Whether the caller sent it. */
  sentByMe: z.boolean(),
  sentAt: DateTimeSchema,
});
export type ChatMessage = z.output<typeof ChatMessageSchema>;

export const ChatSubjectType = z.enum(['BOOKING', 'VEHICLE_RENTAL']);

export const ConversationSchema = z.object({
  conversationId: z.string(),
  subject: z.object({
    type: ChatSubjectType,
    bookingId: z.string(),
    /** Set for a rental's conversation. */
    vehicleRentalId: z.string().nullable(),
    /** The booking number or the rental's order number. */
    reference: z.string(),
    /** The house group's or the car's name, in the caller's language. */
    title: z.string(),
    /** The guest's name (who booked or rented). */
    guestName: z.string(),
  }),
  lastMessage: ChatMessageSchema.nullable(),
  /** Messages from the other side the caller (a guest, or staff as one team) has not read. */
  unreadCount: z.number().int().min(0),
  /** The last message's time, else when the conversation began. */
  updatedAt: DateTimeSchema,
});
export type Conversation = z.output<typeof ConversationSchema>;

const conversationId = TypedIdSchema;

const REFUSALS =
  'Refused: an unknown conversation (404 CodeConversationNotFound), one the caller takes no part in (403 CodeConversationNotParticipant).';

export const listConversations = defineMethod({
  path: 'list_conversations',
  access: 'user',
  summary:
    "The caller's conversations (staff: every conversation), those with unread messages first, then the latest activity first, each with its last message, unread count and the booking or rental it belongs to. `conversationId` picks one (404 CodeConversationNotFound / 403 CodeConversationNotParticipant).",
  input: z
    .object({
      conversationId: conversationId.optional(),
      limit: z.number().int().min(1).max(200).default(50),
    })
    .strict(),
  output: z.object({
    conversations: z.array(ConversationSchema),
    /** Unread messages over all of the caller's conversations (not only the ones listed). */
    totalUnread: z.number().int().min(0),
  }),
});

export const listMessages = defineMethod({
  path: 'list_messages',
  access: 'user',
  summary: `A page of a conversation's messages in id order: the newest \`limit\` by default, those before \`beforeMessageId\` (older pages) or after \`afterMessageId\` (what arrived since). \`hasMore\` says whether more lie beyond the page in its direction. ${REFUSALS}`,
  input: z
    .object({
      conversationId,
      afterMessageId: MessageIdSchema.optional(),
      beforeMessageId: MessageIdSchema.optional(),
      limit: z.number().int().min(1).max(200).default(50),
    })
    .strict(),
  output: z.object({ messages: z.array(ChatMessageSchema), hasMore: z.boolean() }),
});

export const sendMessage = defineMethod({
  path: 'send_message',
  access: 'user',
  idempotent: true,
  summary: `Sends a message (text, an uploaded image, or both) and delivers it live to every participant's event stream; a staff message tells the guest by a CHAT_MESSAGE notification. The same Idempotency-Key sends it once. Refused, nothing sent: text over ${CHAT_MESSAGE_MAX_CHARS} characters (400 CodeChatMessageTooLong), neither text nor image (400 CodeInvalidArgument), more than ${CHAT_FLOOD_MAX_MESSAGES} messages in ${CHAT_FLOOD_WINDOW_SECONDS} s from one sender in one conversation (429 CodeChatFlood, with Retry-After), an image not uploaded by the caller into this conversation or already sent (400 CodeChatImageNotFound). ${REFUSALS}`,
  input: z
    .object({
      conversationId,
      // Not limited here: a text over the limit is refused with its own reason (CodeChatMessageTooLong).
      text: z.string().max(1_000_000).default(''),
      imageId: TypedIdSchema.optional(),
    })
    .strict(),
  output: z.object({ message: ChatMessageSchema }),
});

export const uploadChatImage = defineMethod({
  path: 'upload_chat_image',
  access: 'user',
  summary: `Uploads an image to attach to a message in a conversation (JPEG, PNG or WebP as base64, at most 8 MB). It is decoded, turned upright, stripped of its metadata and kept as JPEG of at most 1600 px a side, readable by the conversation's participants only. Its id goes into send_message within a day. 400 CodeChatImageInvalid otherwise. ${REFUSALS}`,
  input: z
    .object({
      conversationId,
      contentBase64: z
        .string()
        .min(1)
        .max(MAX_IMAGE_BASE64, 'larger than 8 MB')
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'not base64 (send it without the data-URL prefix)'),
    })
    .strict(),
  output: z.object({ imageId: z.string(), imageUrl: z.string(), width: z.number().int(), height: z.number().int() }),
  maxBodyBytes: MAX_IMAGE_BASE64 + 64 * 1024,
});

export const markConversationRead = defineMethod({
  path: 'mark_conversation_read',
  access: 'user',
  summary: `Marks the conversation read up to a message (default: its latest); never moves back. Staff read as one team. Answers the unread count left. ${REFUSALS}`,
  input: z.object({ conversationId, upToMessageId: MessageIdSchema.optional() }).strict(),
  output: z.object({ unreadCount: z.number().int().min(0), totalUnread: z.number().int().min(0) }),
});

/**
 * What the event stream sends: `message` (id: the message id, for Last-Event-ID), `read` (the caller's
 * side read a conversation, in another tab or by another staff member) and `unread` (the total, on connect).
 */
export const ChatStreamReadSchema = z.object({ conversationId: z.string(), unreadCount: z.number().int().min(0) });
export const ChatStreamUnreadSchema = z.object({ totalUnread: z.number().int().min(0) });

export const CHAT_METHODS = [
  listConversations,
  listMessages,
  sendMessage,
  uploadChatImage,
  markConversationRead,
] as const;
