// A card photo is kept small: phones take 12-50 megapixel pictures of several MB, while a card is readable
// at 1600 px on its long side. The photo is downscaled on the device and encoded as WebP (JPEG where the
// browser cannot encode WebP), so it fits the server's 2 MB limit and costs little storage and upload.
import { CAPTURE_PHOTO_MAX_BYTES } from '@contract';

export const PHOTO_MAX_SIDE = 1600;
const QUALITIES = [0.82, 0.7, 0.55, 0.4];

/** The size to draw at: the long side at most `max`, proportions kept, never enlarged, at least 1 px. */
export function fitWithin(width: number, height: number, max = PHOTO_MAX_SIDE): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) throw new Error('The picture has no size');
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/** Encodes at falling qualities until it fits the upload limit. A browser that cannot write WebP gives PNG: then JPEG. */
async function encode(canvas: HTMLCanvasElement): Promise<Blob> {
  for (const quality of QUALITIES) {
    let blob = await toBlob(canvas, 'image/webp', quality);
    if (blob?.type !== 'image/webp') blob = await toBlob(canvas, 'image/jpeg', quality);
    if (blob && blob.size <= CAPTURE_PHOTO_MAX_BYTES) return blob;
  }
  throw new Error('The photo is too large even after shrinking it');
}

/** Reads a picture file (the camera's or a chosen one), turned upright as the camera held it, and shrinks it. */
export async function downscalePhoto(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw the photo');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    return await encode(canvas);
  } finally {
    bitmap.close();
  }
}
