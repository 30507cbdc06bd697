import sharp from 'sharp';
import { CATALOGUE_LIMITS } from '@yado/contract/catalogue.contract';

/**
 * Demo photographs, drawn rather than shipped: a landscape (sky, sun, layered
 * hills, water or fields, a small house) rendered from a seed, so the demo
 * needs no outside image host and no binary files in the repository.
 */
export type Scene = {
  id: string;
  seed: number;
  /** Sky top, sky bottom, sun, far hills, near hills, ground or water. */
  palette: readonly [string, string, string, string, string, string];
  water: boolean;
};

export type Shape = 'horizontal' | 'vertical' | 'square';
const ASPECT: Record<Shape, number> = { horizontal: 2 / 3, vertical: 3 / 2, square: 1 };

// Small deterministic generator: the same seed always draws the same picture.
function random(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 10_000) / 10_000;
  };
}

function ridge(rnd: () => number, w: number, baseY: number, amplitude: number, steps: number): string {
  const pts: string[] = [`0,${baseY}`];
  for (let i = 0; i <= steps; i++) {
    const x = (w * i) / steps;
    const y = baseY - amplitude * (0.35 + 0.65 * rnd());
    pts.push(`${x.toFixed(1)},${y.toFixed(1)}`);
  }
  return pts.join(' ');
}

export function sceneSvg(scene: Scene, shape: Shape, width = 1600): string {
  const w = width;
  const h = Math.round(width * ASPECT[shape]);
  const rnd = random(scene.seed);
  const [skyTop, skyBottom, sun, far, near, ground] = scene.palette;
  const horizon = h * (shape === 'vertical' ? 0.62 : 0.58);
  const sunX = w * (0.2 + 0.6 * rnd());
  const sunY = horizon * (0.35 + 0.3 * rnd());
  const farRidge = ridge(rnd, w, horizon, h * 0.22, 7);
  const nearRidge = ridge(rnd, w, horizon + h * 0.08, h * 0.14, 5);
  const houseX = w * (0.25 + 0.5 * rnd());
  const houseY = horizon + h * 0.075;
  const s = w / 40;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient>
    <radialGradient id="sun"><stop offset="0" stop-color="${sun}" stop-opacity="1"/><stop offset="0.35" stop-color="${sun}" stop-opacity="0.85"/><stop offset="1" stop-color="${sun}" stop-opacity="0"/></radialGradient>
    <linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ground}"/><stop offset="1" stop-color="${near}"/></linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>
  <circle cx="${sunX}" cy="${sunY}" r="${w * 0.12}" fill="url(#sun)"/>
  <polygon points="${farRidge} ${w},${horizon} ${w},${h} 0,${h}" fill="${far}" opacity="0.85"/>
  <polygon points="${nearRidge} ${w},${horizon + h * 0.08} ${w},${h} 0,${h}" fill="${near}"/>
  <rect y="${horizon + h * 0.08}" width="${w}" height="${h}" fill="url(#ground)" opacity="${scene.water ? 0.9 : 0.6}"/>
  ${scene.water ? `<rect x="${sunX - w * 0.04}" y="${horizon + h * 0.1}" width="${w * 0.08}" height="${h * 0.25}" fill="${sun}" opacity="0.25"/>` : ''}
  <g transform="translate(${houseX} ${houseY})">
    <polygon points="${-s * 1.4},0 0,${-s * 1.1} ${s * 1.4},0" fill="#3b2a22"/>
    <rect x="${-s}" y="0" width="${s * 2}" height="${s * 1.2}" fill="#f4efe6"/>
    <rect x="${-s * 0.35}" y="${s * 0.35}" width="${s * 0.7}" height="${s * 0.5}" fill="#f2b655"/>
  </g>
</svg>`;
}

export type RenderedImage = { width: number; height: number; format: 'jpg' | 'webp'; content: Buffer };

/** The scene in every served width, as JPEG and WebP. */
export async function renderScene(scene: Scene, shape: Shape): Promise<RenderedImage[]> {
  const max = Math.max(...CATALOGUE_LIMITS.imageWidths);
  const master = await sharp(Buffer.from(sceneSvg(scene, shape, max)))
    .png()
    .toBuffer();
  const out: RenderedImage[] = [];
  for (const width of CATALOGUE_LIMITS.imageWidths) {
    const height = Math.round(width * ASPECT[shape]);
    const resized = sharp(master).resize(width, height);
    const [jpg, webp] = await Promise.all([
      resized.clone().jpeg({ quality: 78, progressive: true }).toBuffer(),
      resized.clone().webp({ quality: 74 }).toBuffer(),
    ]);
    out.push({ width, height, format: 'jpg', content: jpg }, { width, height, format: 'webp', content: webp });
  }
  return out;
}

/** The demo scenes; an image id is `demo-<scene>-<h|v|s>` (horizontal, vertical, square). */
export const DEMO_SCENES: readonly Scene[] = [
  {
    id: 'dawn-lake',
    seed: 11,
    palette: ['#f7a65b', '#fde2c4', '#fff4d6', '#6b7fa6', '#2f4858', '#4f7f8f'],
    water: true,
  },
  {
    id: 'snow-peaks',
    seed: 23,
    palette: ['#9ec9f0', '#e8f3fb', '#ffffff', '#c9d6e3', '#7d93a8', '#eef3f7'],
    water: false,
  },
  {
    id: 'green-valley',
    seed: 37,
    palette: ['#8fd3f4', '#e0f4ff', '#fffbe0', '#7fb77e', '#3f7d4e', '#a7c957'],
    water: false,
  },
  {
    id: 'coral-sea',
    seed: 41,
    palette: ['#48cae4', '#caf0f8', '#fffde7', '#90be6d', '#2a9d8f', '#00b4d8'],
    water: true,
  },
  {
    id: 'autumn-hills',
    seed: 53,
    palette: ['#f4a261', '#fbe3c8', '#fff1c1', '#d1603d', '#8c2f39', '#e9c46a'],
    water: false,
  },
  {
    id: 'night-bay',
    seed: 67,
    palette: ['#1d2b53', '#5c6f9e', '#f1e9c6', '#2c3e6b', '#141c33', '#314a7a'],
    water: true,
  },
  {
    id: 'tea-fields',
    seed: 71,
    palette: ['#b8e0d2', '#f1faee', '#fff8dc', '#95b8a0', '#52796f', '#84a98c'],
    water: false,
  },
  {
    id: 'sunset-dunes',
    seed: 83,
    palette: ['#e76f51', '#f8c9a0', '#ffe8b0', '#c08552', '#895737', '#dab785'],
    water: false,
  },
  {
    id: 'misty-forest',
    seed: 97,
    palette: ['#a8b8a8', '#e6ece6', '#f7f7ee', '#6f8f72', '#355e3b', '#8aa88a'],
    water: false,
  },
  {
    id: 'harbour-city',
    seed: 101,
    palette: ['#7fb3d5', '#d6eaf8', '#fef9e7', '#85929e', '#34495e', '#5d8aa8'],
    water: true,
  },
];

const SHAPES: Record<string, Shape> = { h: 'horizontal', v: 'vertical', s: 'square' };

export const demoImageId = (sceneId: string, shape: 'h' | 'v' | 's') => `demo-${sceneId}-${shape}`;

/**
 * Draws a demo image the first time one of its sizes is asked for (the media
 * route stores it, so each size is drawn once per database). Drawing every
 * picture while seeding would add many seconds to the first start.
 */
export async function renderDemoImage(
  imageId: string,
  width: number,
  format: 'jpg' | 'webp',
): Promise<RenderedImage | null> {
  const m = /^demo-([a-z-]+)-([hvs])$/.exec(imageId);
  const scene = m && DEMO_SCENES.find((s) => s.id === m[1]);
  const shape = m && SHAPES[m[2]!];
  if (!scene || !shape || !(CATALOGUE_LIMITS.imageWidths as readonly number[]).includes(width)) return null;
  const height = Math.round(width * ASPECT[shape]);
  const img = sharp(Buffer.from(sceneSvg(scene, shape, width)));
  const content =
    format === 'jpg'
      ? await img.jpeg({ quality: 78, progressive: true }).toBuffer()
      : await img.webp({ quality: 74 }).toBuffer();
  return { width, height, format, content };
}

/** The URL a catalogue row stores: the 960-wide JPEG; the other widths and WebP follow the same pattern. */
export function imageUrl(imageId: string): string {
  return `/media/catalogue/${imageId}-960.jpg`;
}
