import { giftPath, type SentGift } from '@yado/contract/gift.contract';
import type { Language } from '@yado/contract/headers';
import QRCode from 'qrcode';
import type { SentGiftWithLink } from './components/owner-gifts-page.component';

/**
 * The link of an open gift on this site, in the owner's language, and its QR code as an SVG data
 * address (an `img` source the page's Content-Security-Policy allows; drawn on the server, so the
 * page ships no QR code library). Ended and accepted gifts show neither: their link no longer gives anything.
 */
export async function withLinks(
  gifts: readonly SentGift[],
  origin: string,
  language: Language,
): Promise<SentGiftWithLink[]> {
  return Promise.all(
    gifts.map(async (g) => {
      if (g.status !== 'OPEN') return { ...g, link: null, qrCode: null };
      const link = `${origin}${giftPath(g.giftToken, language)}`;
      const svg = await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, width: 176 });
      return { ...g, link, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
    }),
  );
}
