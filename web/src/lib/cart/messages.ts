import type { TFunction } from 'i18next';
import { ApiError } from '@web/lib/api';

/**
 * The message to show for a failed cart action: the server's own message for a refusal it explains
 * (stock cap, colour not offered, item not found: 4xx other than 401/408/429), else a generic text.
 */
export function cartErrorMessage(error: unknown, t: TFunction, fallbackKey: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status)) {
    const first = Object.values(error.errors).flat()[0];
    return first ?? error.message;
  }
  return t(fallbackKey, { ns: 'cart' });
}
