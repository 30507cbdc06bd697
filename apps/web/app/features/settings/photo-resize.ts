import { PROFILE_PHOTO_MAX_SIDE } from '@yado/contract/user.contract';

export type Size = { width: number; height: number };

/** JPEG quality of an uploaded photo: a 1024 px face stays sharp at a few hundred kilobytes. */
const JPEG_QUALITY = 0.9;

/**
 * The size a picture is scaled to so neither side exceeds `max` (spec,
 * section 5), keeping its proportions; a picture already small enough keeps
 * its size, so a photo is never enlarged.
 */
export function fitWithin({ width, height }: Size, max = PROFILE_PHOTO_MAX_SIDE): Size {
  if (width <= max && height <= max) return { width, height };
  const scale = max / Math.max(width, height);
  return {
    width: Math.max(1, Math.min(max, Math.round(width * scale))),
    height: Math.max(1, Math.min(max, Math.round(height * scale))),
  };
}

/** Bytes as base64 without a data-URL prefix, as update_profile_photo takes them. */
export function base64FromBytes(bytes: Uint8Array): string {
  // In slices: String.fromCharCode with a whole photo's bytes as arguments overflows the stack.
  let binary = '';
  const slice = 0x8000;
  for (let i = 0; i < bytes.length; i += slice) {
    binary += String.fromCharCode(...bytes.subarray(i, i + slice));
  }
  return btoa(binary);
}

function canvasToJpeg(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('the browser could not encode a JPEG'))),
      'image/jpeg',
      JPEG_QUALITY,
    );
  });
}

/**
 * A picture file the visitor chose, scaled so neither side exceeds 1024 px,
 * converted to JPEG and encoded as base64 without the data-URL prefix (spec,
 * section 5). Throws when the browser cannot read the file as a picture.
 */
export async function photoToJpegBase64(file: Blob): Promise<{ base64: string; size: Size }> {
  // from-image: a phone photo taken upright stays upright whatever its EXIF orientation says.
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const size = fitWithin({ width: bitmap.width, height: bitmap.height });
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas');
    // JPEG has no transparency: transparent parts of a PNG become white instead of black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const jpeg = await canvasToJpeg(canvas);
    return { base64: base64FromBytes(new Uint8Array(await jpeg.arrayBuffer())), size };
  } finally {
    bitmap.close();
  }
}
