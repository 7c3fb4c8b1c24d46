// Two-tap qualification beside the person's fields: how hot the lead is (big radio buttons, in the first
// screen), what they asked about (chips), and what happens next. Native radios and checkboxes, so arrow
// keys, Space and screen readers work as everywhere; only their look is changed.
import { FOLLOW_UPS, INTERESTS, LEAD_RATINGS } from '@contract';
import { useCaptureDraft } from '../capture-draft';

const CHOICE =
  'flex cursor-pointer items-center justify-center rounded-lg border border-slate-300 bg-white text-sm font-semibold text-slate-800 ' +
  'peer-checked:border-brand-700 peer-checked:bg-brand-700 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700';

const RATING_COLOR: Record<string, string> = {
  hot: 'peer-checked:border-red-700 peer-checked:bg-red-700',
  warm: 'peer-checked:border-amber-600 peer-checked:bg-amber-600',
  cold: 'peer-checked:border-sky-800 peer-checked:bg-sky-800',
};

function Legend({ children }: { children: string }) {
  return <legend className="mb-1 block text-sm font-medium text-slate-800">{children}</legend>;
}

export function RatingField() {
  const rating = useCaptureDraft((s) => s.rating);
  const setRating = useCaptureDraft((s) => s.setRating);
  return (
    <fieldset>
      <Legend>Rating</Legend>
      <div className="grid grid-cols-3 gap-2">
        {LEAD_RATINGS.map(({ value, label }) => (
          <label key={value} className="relative">
            <input type="radio" name="rating" value={value} checked={rating === value} onChange={() => setRating(value)} className="peer sr-only" />
            <span className={`${CHOICE} ${RATING_COLOR[value]} min-h-12 px-3`}>{label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function InterestsField() {
  const interests = useCaptureDraft((s) => s.interests);
  const toggle = useCaptureDraft((s) => s.toggleInterest);
  return (
    <fieldset>
      <Legend>Interested in</Legend>
      <div className="flex flex-wrap gap-2">
        {INTERESTS.map(({ value, label }) => (
          <label key={value} className="relative">
            <input type="checkbox" name="interests" value={value} checked={interests.includes(value)} onChange={() => toggle(value)} className="peer sr-only" />
            <span className={`${CHOICE} min-h-11 rounded-full px-4`}>{label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function FollowUpField() {
  const followUp = useCaptureDraft((s) => s.followUp);
  const setFollowUp = useCaptureDraft((s) => s.setFollowUp);
  return (
    <fieldset>
      <Legend>Follow-up</Legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {FOLLOW_UPS.map(({ value, label }) => (
          <label key={value} className="relative">
            <input type="radio" name="followUp" value={value} checked={followUp === value} onChange={() => setFollowUp(value)} className="peer sr-only" />
            <span className={`${CHOICE} min-h-11 px-3`}>{label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
