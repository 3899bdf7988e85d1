/** The message above a catalogue form when the server refuses a save: its own (translated) words, else the form's. */
import { isApiError } from '@web/lib/api';

export const refusalText = (error: unknown, fallback: string): string =>
  isApiError(error) && !error.isNetworkError && error.message ? error.message : fallback;
