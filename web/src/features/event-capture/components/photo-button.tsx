// Photo: a picture of a business card, a badge without a code, or a note, taken with the phone's camera
// (the file input's `capture` opens the rear camera on phones, and lets a desktop pick a file). It is
// shrunk on the device, shown as a thumbnail, and saved with the capture; its upload follows the capture.
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { useCaptureDraft } from '../capture-draft';
import { downscalePhoto } from '../photo/downscale';

export const PHOTO_INPUT_ID = 'capture-photo';

/** The Photo button, which sits beside Scan; the picture it takes is shown by PhotoPreview under the fields. */
export function PhotoButton() {
  const photo = useCaptureDraft((s) => s.photo);
  const setPhoto = useCaptureDraft((s) => s.setPhoto);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onChange(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same file may be chosen again after Remove
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      setPhoto(await downscalePhoto(file));
    } catch (err) {
      setError(`This picture could not be read (${err instanceof Error ? err.message : String(err)}). Try again.`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="secondary" className="py-2.5" onClick={() => input.current?.click()} disabled={busy} aria-describedby={error ? `${PHOTO_INPUT_ID}-error` : undefined}>
        {busy ? 'Preparing photo...' : photo ? 'Retake photo' : 'Photo'}
      </Button>
      {/* Opened by the button above; kept out of the tab order, since the button is its keyboard way in. */}
      <input ref={input} id={PHOTO_INPUT_ID} type="file" accept="image/*" capture="environment" aria-label="Card photo" tabIndex={-1} className="hidden" onChange={(e) => void onChange(e)} />
      {error ? (
        <p id={`${PHOTO_INPUT_ID}-error`} role="alert" className="basis-full text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** The photo taken for this capture, with a way to drop it before Save. */
export function PhotoPreview() {
  const photo = useCaptureDraft((s) => s.photo);
  const setPhoto = useCaptureDraft((s) => s.setPhoto);
  const preview = useObjectUrl(photo);
  if (!preview) return null;
  return (
    <div className="flex items-center gap-3">
      <img src={preview} alt="Card photo to save with this capture" className="h-16 w-24 rounded-lg object-cover ring-1 ring-slate-200" />
      <Button variant="ghost" size="sm" onClick={() => setPhoto(null)}>
        Remove photo
      </Button>
    </div>
  );
}

/** An object URL for the Blob while it is shown, released when it changes or the control goes away. */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}
