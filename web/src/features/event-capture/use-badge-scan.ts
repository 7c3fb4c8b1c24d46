// The Scan button's work: open the rear camera and the barcode reader together (the reader loads on the
// first Scan only), show the picture while both are ready, and on the first code read close the camera and
// hand the caller the parsed badge with its raw text. Without a camera, or refused, `problem` says so and
// the typed form stays as it was.
import { useEffect, useRef, useState } from 'react';
import { SCAN_PAYLOAD_MAX_BYTES, parseBadgePayload, type BadgeContact, type BadgeKind } from './badge-payload';
import type { CaptureScan } from './capture-types';
import { loadBarcodeReader, type BarcodeReader, type ScannedCode } from './scanner/barcode-reader';
import { CameraError, CAMERA_MESSAGES, openCamera, stopCamera } from './scanner/camera';

export interface ScanOutcome {
  kind: BadgeKind;
  /** The payload named someone; otherwise the rep completes the fields by hand. */
  recognised: boolean;
  contact: BadgeContact;
  scan: CaptureScan;
  /** The code held more than a capture keeps (the server's limit on the raw text). */
  clipped: boolean;
}

/**
 * Performance marks of a scan's steps, for timing it in a browser test (Scan pressed, the camera's first
 * frame showing, a code read, the form filled): cheap, and visible in any browser's performance panel.
 */
export const SCAN_MARKS = {
  start: 'dm-scan-start',
  cameraShowing: 'dm-scan-camera-showing',
  codeRead: 'dm-scan-code-read',
  filled: 'dm-scan-filled',
} as const;

const READER_FAILED = 'The scanner could not load on this device. Type the details below, or press Scan again.';

export function useBadgeScan({ onScanned }: { onScanned: (outcome: ScanOutcome) => void }) {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [reader, setReader] = useState<BarcodeReader | null>(null);
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const latest = useRef(onScanned);
  useEffect(() => {
    latest.current = onScanned;
  });
  // Leaving the screen with the camera on must turn it off.
  useEffect(() => () => stopCamera(streamRef.current), []);

  function show(next: MediaStream | null) {
    streamRef.current = next;
    setStream(next);
  }

  async function start() {
    if (starting || streamRef.current) return;
    setStarting(true);
    setProblem(null);
    performance.mark(SCAN_MARKS.start);
    const [camera, loaded] = await Promise.allSettled([openCamera(), loadBarcodeReader()]);
    setStarting(false);
    if (camera.status === 'rejected') {
      setProblem(camera.reason instanceof CameraError ? camera.reason.message : CAMERA_MESSAGES.failed);
      return;
    }
    if (loaded.status === 'rejected') {
      stopCamera(camera.value);
      setProblem(READER_FAILED);
      return;
    }
    setReader(loaded.value);
    show(camera.value);
  }

  function stop() {
    stopCamera(streamRef.current);
    show(null);
  }

  function read(code: ScannedCode) {
    stop();
    const parsed = parseBadgePayload(code.rawValue);
    latest.current({
      kind: parsed.kind,
      recognised: Object.keys(parsed.contact).length > 0,
      contact: parsed.contact,
      scan: { rawPayload: code.rawValue, scanFormat: code.format },
      clipped: new TextEncoder().encode(code.rawValue).length > SCAN_PAYLOAD_MAX_BYTES,
    });
  }

  return { start, stop, read, stream, reader, starting, problem };
}
