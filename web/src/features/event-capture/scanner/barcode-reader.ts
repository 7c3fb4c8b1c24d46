// One way to read badge codes from the camera's picture on every browser: the native BarcodeDetector where
// the browser has one that reads QR codes, otherwise ZXing in WebAssembly (zxing-reader.ts, loaded on demand).
// Both read offline.

/** The codes badges carry: QR codes, and the 1D/2D formats of the event-registration systems. */
export const BADGE_FORMATS = ['qr_code', 'code_128', 'pdf417', 'data_matrix', 'aztec'] as const;

export interface ScannedCode {
  rawValue: string;
  /** As the Barcode Detection API names it: qr_code, code_128, pdf417, data_matrix, aztec. */
  format: string;
}

export interface BarcodeReader {
  engine: 'native' | 'zxing';
  detect(source: HTMLVideoElement): Promise<ScannedCode[]>;
}

interface DetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string; format: string }[]>;
}
interface DetectorClass {
  new (options?: { formats?: string[] }): DetectorLike;
  getSupportedFormats(): Promise<readonly string[]>;
}

async function nativeDetector(): Promise<DetectorLike | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = new Set(await Native.getSupportedFormats());
    if (!supported.has('qr_code')) return null;
    return new Native({ formats: BADGE_FORMATS.filter((f) => supported.has(f)) });
  } catch {
    return null; // a native API that is present but broken: ZXing reads instead
  }
}

let readerPromise: Promise<BarcodeReader> | undefined;

/** The reader for this browser, made once per page. Rejects when ZXing cannot load (its files missing). */
export function loadBarcodeReader(): Promise<BarcodeReader> {
  readerPromise ??= (async (): Promise<BarcodeReader> => {
    const native = await nativeDetector();
    if (native) return { engine: 'native', detect: (source) => native.detect(source) };
    const { ZXingBarcodeDetector, zxingReady } = await import('./zxing-reader');
    await zxingReady;
    const zxing = new ZXingBarcodeDetector({ formats: [...BADGE_FORMATS] });
    return { engine: 'zxing', detect: (source) => zxing.detect(source) };
  })();
  // The next Scan tries again (a refused camera, say). A .wasm that failed to load stays failed until the
  // page is reloaded: the library keeps its module promise.
  readerPromise.catch(() => (readerPromise = undefined));
  return readerPromise;
}
