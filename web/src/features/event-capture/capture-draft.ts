// The qualification, consent and photo of the person being captured now: set by their own controls beside
// the form's fields, read and reset by Save. Kept apart from the typed fields so each control stays small.
import { create } from 'zustand';
import { CAPTURE_CONSENT, type FollowUp, type Interest, type LeadRating } from '@contract';

interface CaptureDraftState {
  rating: LeadRating | '';
  interests: Interest[];
  followUp: FollowUp | '';
  consent: boolean;
  /** The downscaled photo, ready to keep with the capture. */
  photo: Blob | null;
  setRating: (rating: LeadRating | '') => void;
  toggleInterest: (interest: Interest) => void;
  setFollowUp: (followUp: FollowUp | '') => void;
  setConsent: (consent: boolean) => void;
  setPhoto: (photo: Blob | null) => void;
  reset: () => void;
}

const EMPTY = { rating: '', interests: [], followUp: '', consent: false, photo: null } as const;

export const useCaptureDraft = create<CaptureDraftState>()((set) => ({
  ...EMPTY,
  interests: [],
  setRating: (rating) => set({ rating }),
  toggleInterest: (interest) => set((s) => ({ interests: s.interests.includes(interest) ? s.interests.filter((i) => i !== interest) : [...s.interests, interest] })),
  setFollowUp: (followUp) => set({ followUp }),
  setConsent: (consent) => set({ consent }),
  setPhoto: (photo) => set({ photo }),
  reset: () => set({ ...EMPTY, interests: [] }),
}));

/**
 * The draft as capture fields. Consent is always sent, true or false, with the wording's version, so a lead
 * without consent is stored and marked as such; the time is when Save was pressed with the box ticked.
 */
export function draftFields(now = new Date()): Record<string, unknown> {
  const { rating, interests, followUp, consent } = useCaptureDraft.getState();
  return {
    rating: rating || undefined,
    interests: interests.length ? interests : undefined,
    followUp: followUp || undefined,
    consent,
    consentTextVersion: CAPTURE_CONSENT.version,
    consentAt: consent ? now.toISOString() : undefined,
  };
}
