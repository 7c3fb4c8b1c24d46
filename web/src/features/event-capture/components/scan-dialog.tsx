// The camera's picture in a dialog, read several times a second until a badge code is found. The dialog
// owns nothing but the picture and the reading: the caller opens the camera (so a refusal is told on the
// screen, with the form, not in an empty dialog) and stops it when the dialog closes.
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import type { BarcodeReader, ScannedCode } from '../scanner/barcode-reader';
import { SCAN_MARKS } from '../use-badge-scan';

/** A reading every this many ms: quick enough to feel instant, light enough for a phone's battery. */
const READ_EVERY_MS = 100;

interface ScanDialogProps {
  stream: MediaStream | null;
  reader: BarcodeReader | null;
  onCode: (code: ScannedCode) => void;
  onClose: () => void;
}

export function ScanDialog({ stream, reader, onCode, onClose }: ScanDialogProps) {
  // A callback ref: the dialog's content mounts in a portal a moment after `open` turns true.
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [showing, setShowing] = useState(false);
  const open = stream !== null && reader !== null;

  useEffect(() => {
    if (!open || !video) return;
    let stopped = false;
    let timer: number | undefined;
    video.srcObject = stream;
    const onPlaying = () => {
      setShowing(true);
      performance.mark(SCAN_MARKS.cameraShowing);
    };
    video.addEventListener('playing', onPlaying, { once: true });
    void video.play().catch(() => undefined); // autoplay of a muted stream; 'playing' tells when it runs

    const read = async () => {
      if (stopped) return;
      if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0) {
        try {
          const found = (await reader.detect(video)).find((code) => code.rawValue);
          if (found && !stopped) {
            stopped = true;
            performance.mark(SCAN_MARKS.codeRead);
            onCode({ rawValue: found.rawValue, format: found.format });
            return;
          }
        } catch {
          // A frame that could not be read (the camera still starting): try the next one.
        }
      }
      if (!stopped) timer = window.setTimeout(() => void read(), READ_EVERY_MS);
    };
    void read();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      video.removeEventListener('playing', onPlaying);
      video.srcObject = null;
      setShowing(false);
    };
    // onCode is the caller's latest; a new one must not restart the camera.
  }, [open, video, stream, reader]);

  return (
    <Modal open={open} onClose={onClose} title="Scan a badge" description="Hold the badge's code in the frame. It is read as soon as it is sharp." closeLabel="Close the camera">
      <div className="space-y-4">
        <div className="relative overflow-hidden rounded-xl bg-slate-900">
          <video ref={setVideo} muted playsInline autoPlay aria-label="Camera view" className="aspect-[4/3] w-full object-cover" />
          {/* A frame to aim with; the whole picture is read, not only what is inside it. */}
          <div aria-hidden="true" className="pointer-events-none absolute inset-[15%] rounded-xl border-2 border-white/80" />
        </div>
        <p role="status" className="text-sm text-slate-600">
          {showing ? 'Looking for a code…' : 'Starting the camera…'}
        </p>
        <Button variant="secondary" className="w-full" onClick={onClose}>
          Type the details instead
        </Button>
      </div>
    </Modal>
  );
}
