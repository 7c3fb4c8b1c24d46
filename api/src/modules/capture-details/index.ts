// The capture details' front door: the columns a capture adds to a lead (qualification, consent, scan), and the
// capture rows (who captured a lead, when, under which key).
export {
  LATEST_PHOTO_KEY_SQL, captureDetailsColumns, captureDetailsFromRow, captureDetailsNoteRows, capturePhotoUrl, interestPattern,
  mergedCaptureDetailsColumns,
} from './capture-details-columns';
export { capturesOfLeads, findCapture, recordCapture, recordCaptures, type LeadCapture } from './lead-captures-queries';
export { captureDetailsPersonalData } from './capture-details-personal-data';
