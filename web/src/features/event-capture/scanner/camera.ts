// The rear camera, and what to tell the rep when there is none or it is refused.

export type CameraProblem = 'denied' | 'missing' | 'busy' | 'insecure' | 'failed';

export class CameraError extends Error {
  constructor(
    readonly problem: CameraProblem,
    message: string,
  ) {
    super(message);
  }
}

export const CAMERA_MESSAGES: Record<CameraProblem, string> = {
  denied: 'Camera access was refused, so badges cannot be scanned. Type the details below, or allow the camera for this site in the browser settings and press Scan again.',
  missing: 'No camera was found on this device. Type the details below.',
  busy: 'The camera is in use by another app. Close it and press Scan again, or type the details below.',
  insecure: 'The camera is available only over a secure (https) connection. Type the details below.',
  failed: 'The camera could not start. Type the details below, or press Scan again.',
};

/** Opens the rear camera on phones (any camera elsewhere); rejects with a CameraError the screen can word. */
export async function openCamera(): Promise<MediaStream> {
  if (!window.isSecureContext) throw new CameraError('insecure', CAMERA_MESSAGES.insecure);
  if (!navigator.mediaDevices?.getUserMedia) throw new CameraError('missing', CAMERA_MESSAGES.missing);
  try {
    return await navigator.mediaDevices.getUserMedia({
      audio: false,
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
    });
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    if (name === 'NotAllowedError' || name === 'SecurityError') throw new CameraError('denied', CAMERA_MESSAGES.denied);
    if (name === 'NotFoundError' || name === 'OverconstrainedError') throw new CameraError('missing', CAMERA_MESSAGES.missing);
    if (name === 'NotReadableError' || name === 'AbortError') throw new CameraError('busy', CAMERA_MESSAGES.busy);
    throw new CameraError('failed', CAMERA_MESSAGES.failed);
  }
}

export function stopCamera(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
