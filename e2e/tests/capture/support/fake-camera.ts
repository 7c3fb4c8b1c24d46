// A fake camera for Chromium (--use-file-for-fake-video-capture): a YUV4MPEG2 file whose every frame shows
// one QR code, made here from the text to encode. Y4M is a text header ("YUV4MPEG2 W.. H.. F30:1 Ip A1:1
// C420jpeg"), then per frame "FRAME\n" and the 4:2:0 planes: Y (W×H), U and V (W/2×H/2). Black modules are
// Y=16, the white page Y=235; U and V stay at 128 (no colour). Chromium plays the file in a loop.
import fs from 'node:fs';
import path from 'node:path';
import QRCode from 'qrcode';

const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 6;
const QUIET_ZONE = 4; // modules of white around the code, as the QR standard asks

function qrLuma(text: string): Uint8Array {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const span = modules.size + 2 * QUIET_ZONE;
  const scale = Math.floor((Math.min(WIDTH, HEIGHT) * 0.85) / span);
  const left = Math.floor((WIDTH - modules.size * scale) / 2);
  const top = Math.floor((HEIGHT - modules.size * scale) / 2);
  const y = new Uint8Array(WIDTH * HEIGHT).fill(235);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      for (let dy = 0; dy < scale; dy++) y.fill(16, (top + row * scale + dy) * WIDTH + left + col * scale, (top + row * scale + dy) * WIDTH + left + (col + 1) * scale);
    }
  }
  return y;
}

/** Writes the .y4m (once per path) and returns its absolute path. */
export function writeQrCameraFile(file: string, text: string): string {
  const target = path.resolve(file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const luma = qrLuma(text);
  const chroma = new Uint8Array((WIDTH / 2) * (HEIGHT / 2)).fill(128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F30:1 Ip A1:1 C420jpeg\n`);
  fs.writeFileSync(target, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
  return target;
}
