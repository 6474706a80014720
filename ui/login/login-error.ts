// Maps a failed sign-in to the message the spec's error catalogue asks for.
import { ApiError } from '../api.js';

/** 'Wrong username' / 'Wrong password' as sent; other server errors "Account doesn't exist"; no answer 'Login failed. Please try again.' */
export function loginErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.message === 'Wrong username' || err.message === 'Wrong password') return err.message;
    // The lock-out after repeated failures says how long to wait; hiding that would leave staff guessing.
    if (err.status === 429) return err.message;
    return "Account doesn't exist";
  }
  return 'Login failed. Please try again.';
}
