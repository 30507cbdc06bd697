/**
 * Renders every PNG icon of the installable app from the one drawing in
 * public/icons/icon.svg, so the icons can never drift apart. The output is
 * committed; run this again after changing the drawing.
 *
 * Usage: tsx apps/web/scripts/generate-icons.ts
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const iconsDir = fileURLToPath(new URL('../public/icons/', import.meta.url));
/** The brand colour of the drawing's background (--color-primary in app.css). */
const BACKGROUND = '#1f5f5b';
/**
 * Maskable icons are cropped by the platform to any shape inside a circle of
 * 80% of the side (the safe zone); the drawing is scaled to fit that circle's
 * square with a margin, on a background that fills the whole image.
 */
const MASKABLE_SCALE = 0.8;
/** iOS rounds the corners itself and shows transparency as black, so the touch icon is full-bleed. */
const APPLE_SCALE = 0.86;

async function render(svg: Buffer, size: number): Promise<Buffer> {
  return sharp(svg, { density: Math.ceil((72 * size) / 32) })
    .resize(size, size)
    .png()
    .toBuffer();
}

/** The drawing at `scale` of the side, centred on an opaque square of the background colour. */
async function onBackground(svg: Buffer, size: number, scale: number): Promise<Buffer> {
  const inner = Math.round(size * scale);
  const glyph = await render(svg, inner);
  return sharp({ create: { width: size, height: size, channels: 4, background: BACKGROUND } })
    .composite([{ input: glyph, gravity: 'centre' }])
    .flatten({ background: BACKGROUND })
    .png()
    .toBuffer();
}

/** A one-colour silhouette (white on transparent) for the notification badge of Android's status bar. */
async function badge(svg: Buffer, size: number): Promise<Buffer> {
  // Without the tile, and framed closer so the small silhouette stays legible.
  const houseOnly = Buffer.from(
    svg
      .toString('utf8')
      .replace(/<rect[^>]*\/>/, '')
      .replace('viewBox="0 0 32 32"', 'viewBox="5 6 22 22"'),
  );
  return render(houseOnly, size);
}

async function main(): Promise<void> {
  const svg = await readFile(path.join(iconsDir, 'icon.svg'));
  const outputs: [string, Promise<Buffer>][] = [
    ['icon-192.png', render(svg, 192)],
    ['icon-512.png', render(svg, 512)],
    ['maskable-192.png', onBackground(svg, 192, MASKABLE_SCALE)],
    ['maskable-512.png', onBackground(svg, 512, MASKABLE_SCALE)],
    ['apple-touch-icon.png', onBackground(svg, 180, APPLE_SCALE)],
    ['badge-96.png', badge(svg, 96)],
  ];
  for (const [name, image] of outputs) {
    await writeFile(path.join(iconsDir, name), await image);
    process.stdout.write(`wrote public/icons/${name}\n`);
  }
}

await main();
