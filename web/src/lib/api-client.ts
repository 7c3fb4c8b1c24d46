// The one HTTP client (spec §7): cookies sent, no retries, JSON bodies, and every non-success answer
// turned into an Error whose message is `STATUS: body text` (spec §8), or the status text when empty.
import ky, { HTTPError } from 'ky';
import { noteResponse } from './offline-data';

export const apiClient = ky.create({
  credentials: 'include',
  retry: 0,
  timeout: 15_000,
  hooks: {
    // Answers the service worker served from its cache carry a marker; the admin shows it (issue 5).
    afterResponse: [
      (_request, _options, response) => {
        noteResponse(response);
      },
    ],
    beforeError: [
      async (error) => {
        if (error instanceof HTTPError) {
          const text = await error.response.clone().text().catch(() => '');
          error.message = `${error.response.status}: ${text || error.response.statusText}`;
        }
        return error;
      },
    ],
  },
});

export { HTTPError };

/** Status of a failed call, when it was an HTTP answer rather than a network failure. */
export function errorStatus(error: unknown): number | null {
  return error instanceof HTTPError ? error.response.status : null;
}

/** The spec's rule for a lost session (§8): a 401 whose text says Unauthorized. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('401') && error.message.includes('Unauthorized');
}

/** The server's own words from a failed call (`409: {"message":"CRM not connected"}` → `CRM not connected`). */
export function serverMessage(error: unknown): string {
  const text = (error instanceof Error ? error.message : String(error)).replace(/^\d{3}: /, '');
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // not JSON: the text as it came
  }
  return text;
}
