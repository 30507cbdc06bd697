import {
  listConversations,
  listMessages,
  markConversationRead,
  sendMessage,
  uploadChatImage,
} from '@yado/contract/chat.contract';
import { requirePrincipal } from '../../platform/http/call-context.js';
import { implement } from '../../platform/http/rpc-app.js';
import * as chat from './chat.service.js';

export const chatImplementations = [
  implement(listConversations, (ctx, input) =>
    chat.listConversations(ctx.deps, requirePrincipal(ctx), ctx.language, input),
  ),
  implement(listMessages, (ctx, input) => chat.listMessages(ctx.deps, requirePrincipal(ctx), ctx.language, input)),
  implement(sendMessage, (ctx, input) => chat.sendMessage(ctx.deps, requirePrincipal(ctx), ctx.language, input)),
  implement(uploadChatImage, (ctx, input) => chat.uploadChatImage(ctx.deps, requirePrincipal(ctx), input)),
  implement(markConversationRead, (ctx, input) => chat.markConversationRead(ctx.deps, requirePrincipal(ctx), input)),
];
