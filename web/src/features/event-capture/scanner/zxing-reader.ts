// The WebAssembly ZXing reader, for browsers without a native BarcodeDetector (Firefox, desktop Chromium on
// Linux and Windows, older Safari). Loaded only when the rep presses Scan (barcode-reader.ts imports this
// module dynamically), so neither it nor its .wasm is in any page's first load.
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/pure';
// The .wasm is emitted with the build and served from our own origin, where the service worker precaches it:
// the library's default would fetch it from a CDN, which fails offline and is a third party we do not use.
// package.json lists zxing-wasm at the exact version barcode-detector pins, so the file is the one its code loads.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * Compiles the .wasm at once, while the camera starts, rather than on the first frame read (which would add
 * its compile time to the first scan); rejects when the file cannot be had.
 */
export const zxingReady: Promise<unknown> = prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? new URL(wasmUrl, window.location.origin).href : prefix + path),
  },
  fireImmediately: true,
});

export { BarcodeDetector as ZXingBarcodeDetector };
