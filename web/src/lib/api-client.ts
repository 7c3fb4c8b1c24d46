// The one HTTP client: cookies sent, no retries, JSON bodies, and every non-success answer thrown as a
// ServerError (status, the server's message, its field errors). A failure with no answer at all stays the
// browser's own error (e.g. "Failed to fetch").
import ky from 'ky';
import { noteRequest, noteResponse } from './offline-data';
import { serverErrorFromResponse } from './server-error';

export const apiClient = ky.create({
  credentials: 'include',
  retry: 0,
  timeout: 15_000,
  throwHttpErrors: false,
  hooks: {
    beforeRequest: [(request) => noteRequest(request)],
    afterResponse: [
      async (_request, _options, response) => {
        // Answers the service worker served from its cache carry a marker; the admin says so.
        noteResponse(response);
        if (!response.ok) throw await serverErrorFromResponse(response);
      },
    ],
  },
});
