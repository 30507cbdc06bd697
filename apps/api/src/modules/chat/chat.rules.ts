import { CHAT_FLOOD_WINDOW_SECONDS, CHAT_IMAGE_MAX_BYTES, CHAT_MESSAGE_MAX_CHARS } from '@yado/contract/chat.contract';
import type { Language } from '@yado/contract/headers';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../platform/app-error.js';

/** The longest side an attached image is kept at: enough for a phone's full screen, small to send. */
export const CHAT_IMAGE_MAX_SIDE = 1600;
const MAX_INPUT_PIXELS = 50_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/**
 * The text as stored: line breaks made one kind, surrounding blank space dropped. Refused over the
 * limit, counted in code points so an emoji or a kanji counts as one character, as a person counts.
 */
export function checkMessageText(raw: string): string {
  const text = raw.replace(/\r\n?/g, '\n').trim();
  if ([...text].length > CHAT_MESSAGE_MAX_CHARS) {
    throw new AppError('CodeChatMessageTooLong', {
      fields: [{ field: 'text', description: `longer than ${CHAT_MESSAGE_MAX_CHARS} characters` }],
    });
  }
  return text;
}

/** Seconds until the oldest message of the window leaves it, when a sender may write again. */
export function floodRetryAfterSeconds(oldest: Date | null, now: Date): number {
  if (!oldest) return 1;
  return Math.max(1, Math.ceil((oldest.getTime() + CHAT_FLOOD_WINDOW_SECONDS * 1000 - now.getTime()) / 1000));
}

/** A guest's name as the reader's language writes it: romanised given name first in English, else family name first. */
export function personName(
  u: { firstName: string; lastName: string; romanizedFirstName: string; romanizedLastName: string },
  language: Language,
): string {
  if (language === 'en' && u.romanizedFirstName && u.romanizedLastName) {
    return `${u.romanizedFirstName} ${u.romanizedLastName}`;
  }
  return `${u.lastName} ${u.firstName}`.trim();
}

const invalidImage = (description: string) =>
  new AppError('CodeChatImageInvalid', { fields: [{ field: 'contentBase64', description }] });

/**
 * Checks that the bytes are a JPEG, PNG or WebP that decodes and returns it as an upright JPEG of at
 * most 1600 px a side. Re-encoding drops EXIF (where the photo was taken) and anything hidden after
 * the image data, so what the other side receives is only the picture.
 */
export async function renderChatImage(bytes: Buffer): Promise<{ content: Buffer; width: number; height: number }> {
  if (bytes.length === 0) throw invalidImage('empty');
  if (bytes.length > CHAT_IMAGE_MAX_BYTES) throw invalidImage('larger than 8 MB');
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw invalidImage('not an image that can be read');
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw invalidImage('only JPEG, PNG and WebP are accepted');
  try {
    const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(CHAT_IMAGE_MAX_SIDE, CHAT_IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { content: data, width: info.width, height: info.height };
  } catch {
    throw invalidImage('not an image that can be read');
  }
}
