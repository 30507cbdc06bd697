/**
 * Safari on an iPhone or iPad, which offers no install prompt: the banner
 * explains Share → Add to Home Screen instead. iPadOS reports itself as a
 * Mac, so a Mac with a touch screen counts too. Other iOS browsers wrap
 * Safari's engine but name themselves (CriOS, FxiOS, EdgiOS…).
 */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const iosDevice = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  const safari =
    /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\/|Line\/|FBAN|FBAV|Instagram/.test(userAgent);
  return iosDevice && safari;
}

/** The key under which a dismissed banner stays dismissed. */
export const BANNER_DISMISSED_KEY = 'yado.appBanner.dismissed';
