import { describe, expect, it } from 'vitest';
import { ServerError, describeError, isUnauthorized, serverErrorData } from './server-error';

describe('ServerError', () => {
  it('reads our server message and field errors from the answer body', () => {
    expect(serverErrorData(400, 'Bad Request', '{"message":"Invalid input","errors":{"email":"Enter a valid email"}}')).toEqual({
      status: 400,
      message: 'Invalid input',
      fieldErrors: { email: 'Enter a valid email' },
    });
  });

  it('falls back to the body text, then to the status text', () => {
    expect(serverErrorData(502, 'Bad Gateway', 'upstream down').message).toBe('upstream down');
    expect(serverErrorData(502, 'Bad Gateway', '').message).toBe('Bad Gateway');
  });

  it('a lost session is a 401 answer, whatever its words', () => {
    expect(isUnauthorized(new ServerError({ status: 401, message: 'Unauthorized', fieldErrors: {} }))).toBe(true);
    expect(isUnauthorized(new ServerError({ status: 403, message: 'Unauthorized', fieldErrors: {} }))).toBe(false);
    expect(isUnauthorized(new Error('401: Unauthorized'))).toBe(false);
  });

  it('is shown as the status, a colon and a space, then the server words; a network failure as its own words', () => {
    expect(describeError(new ServerError({ status: 500, message: 'Something went wrong', fieldErrors: {} }))).toBe('500: Something went wrong');
    expect(describeError(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
  });
});
