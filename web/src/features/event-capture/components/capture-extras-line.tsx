// A capture's rating, consent and photo in its list entry: the photo as a thumbnail with its upload state.
import { LEAD_RATINGS } from '@contract';
import type { CaptureRecord } from '../capture-types';
import { useObjectUrl } from './photo-button';

const PHOTO_STATE = { waiting: 'Photo waiting', sent: 'Photo sent', 'needs-attention': 'Photo not accepted' } as const;

export function CaptureExtrasLine({ capture }: { capture: CaptureRecord }) {
  const { fields, photo } = capture;
  const thumb = useObjectUrl(photo?.blob);
  const rating = LEAD_RATINGS.find((r) => r.value === fields.rating)?.label;
  const parts = [rating, fields.consent === false ? 'No consent' : undefined, photo ? PHOTO_STATE[photo.state] : undefined].filter(Boolean);
  if (!parts.length && !thumb) return null;
  return (
    <div className="mt-1 flex items-center gap-2 text-xs text-slate-600">
      {thumb ? <img src={thumb} alt={`Card photo of ${fields.firstName} ${fields.lastName}`} loading="lazy" className="h-8 w-12 rounded object-cover ring-1 ring-slate-200" /> : null}
      <span>{parts.join(' · ')}</span>
      {photo?.reason && photo.state === 'needs-attention' ? <span className="text-red-700">{photo.reason}</span> : null}
    </div>
  );
}
