// What an upload really is, read from its first bytes: a client's Content-Type is only its word. Only the three
// raster formats a phone camera or canvas produces are recognised; anything else (SVG, HTML, a PDF) is not.
import type { CapturePhotoType } from '../../contract';

const startsWith = (bytes: Buffer, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);

export function sniffImageType(bytes: Buffer): CapturePhotoType | null {
  // JPEG: SOI marker followed by the next marker's FF.
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // PNG: its fixed eight-byte signature.
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // WebP: a RIFF container whose form type is WEBP.
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}
