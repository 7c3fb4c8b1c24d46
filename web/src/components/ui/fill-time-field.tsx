// The fill time of a public form the browser posts itself. The app's own submissions send `elapsedMs` in their
// JSON; a post sent before the app has run carries it in this hidden field instead, stamped by the page's inline
// boot script (web/boot.js) at the first Submit on the page, so the server judges both alike. Uncontrolled and
// empty in the HTML: with script turned off it stays empty and the server treats the post as untimed.
import { FILL_TIME_FORM_FIELD } from '@contract';

export function FillTimeField() {
  return <input type="hidden" name={FILL_TIME_FORM_FIELD} data-fill-time="" />;
}
