// A QR code for the badge reader to read: its modules made here with the `qrcode` package (as the Chromium
// suite's fake camera does), drawn on a canvas in the page.
import QRCode from 'qrcode';

export interface QrModules {
  size: number;
  dark: number[];
}

export function qrModules(text: string): QrModules {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: Array.from(modules.data, (bit) => (bit ? 1 : 0)) };
}

/**
 * An expression for the page: imports the reader the capture screen's Scan button loads where the browser has
 * no BarcodeDetector (web/src/features/event-capture/scanner/zxing-reader.ts, as built), and answers what it
 * reads in the code drawn on a canvas. Source text, not a function: the test runner rewrites a function's
 * `import()` for Node.
 */
export function readQrExpression(readerUrl: string, qr: QrModules): string {
  return `(async function (url, qr) {
    var scale = 8, quiet = 4;
    var canvas = document.createElement('canvas');
    canvas.width = canvas.height = (qr.size + 2 * quiet) * scale;
    var draw = canvas.getContext('2d');
    draw.fillStyle = '#fff';
    draw.fillRect(0, 0, canvas.width, canvas.height);
    draw.fillStyle = '#000';
    qr.dark.forEach(function (dark, i) {
      if (dark) draw.fillRect((quiet + (i % qr.size)) * scale, (quiet + Math.floor(i / qr.size)) * scale, scale, scale);
    });
    var reader = await import(url);
    await reader.zxingReady;
    var codes = await new reader.ZXingBarcodeDetector({ formats: ['qr_code'] }).detect(canvas);
    return codes.map(function (c) { return c.rawValue; });
  })(${JSON.stringify(readerUrl)}, ${JSON.stringify(qr)})`;
}
