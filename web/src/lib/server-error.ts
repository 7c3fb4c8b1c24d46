// A non-success answer from our server, as data: its status, the server's own message, and its reasons per
// field. Callers branch on `status`, show `message`, put `fieldErrors` beside fields; nobody parses text.
// The outbox stores the plain `ServerErrorData` (IndexedDB keeps data, not classes).

export interface ServerErrorData {
  /** The HTTP status; null when no answer came at all (offline, timeout). */
  status: number | null;
  message: string;
  fieldErrors: Record<string, string>;
}

export class ServerError extends Error implements ServerErrorData {
  readonly status: number | null;
  readonly fieldErrors: Record<string, string>;

  constructor({ status, message, fieldErrors }: ServerErrorData) {
    super(message);
    this.name = 'ServerError';
    this.status = status;
    this.fieldErrors = fieldErrors;
  }

  /** Plain data for storage or messages. */
  toData(): ServerErrorData {
    return { status: this.status, message: this.message, fieldErrors: this.fieldErrors };
  }
}

/**
 * Reads an answer's body: our server always answers `{message, errors?}`; a proxy's page or an empty body
 * falls back to the text, then to the status text.
 */
export function serverErrorData(status: number, statusText: string, text: string): ServerErrorData {
  const body = parseJson(text) as { message?: unknown; errors?: unknown } | undefined;
  const message = typeof body?.message === 'string' && body.message ? body.message : text || statusText;
  const errors = body?.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string>) : {};
  return { status, message, fieldErrors: errors };
}

export async function serverErrorFromResponse(response: Response): Promise<ServerError> {
  const text = await response.clone().text().catch(() => '');
  return new ServerError(serverErrorData(response.status, response.statusText, text));
}

/** A failure with no answer (the fetch itself threw). */
export function networkErrorData(error: unknown): ServerErrorData {
  return { status: null, message: error instanceof Error ? error.message : 'Network error', fieldErrors: {} };
}

/** A lost session: the server answered 401 to a signed-in call. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ServerError && error.status === 401;
}

/** The HTTP status of a failed call; null for a network failure or anything that is not an answer. */
export function errorStatus(error: unknown): number | null {
  return error instanceof ServerError ? error.status : null;
}

/** The words a screen shows for a failure: the server's message, or the thrown error's. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The product's wording for a failed call in an error panel: the status code, a colon and a space, then the
 * server's words (just the words when no answer came).
 */
export function describeError(error: unknown): string {
  if (error instanceof ServerError && error.status !== null) return `${error.status}: ${error.message}`;
  return errorMessage(error);
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
