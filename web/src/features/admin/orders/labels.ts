/** Option lists of the order filters and edit form, with their texts. */
import type { TFunction } from 'i18next';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '@shared/constants';

export const statusOptions = (t: TFunction) => ORDER_STATUSES.map((s) => ({ value: s, label: t(`common:orderStatus.${s}`) }));
export const paymentOptions = (t: TFunction) => PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`common:paymentStatus.${s}`) }));
