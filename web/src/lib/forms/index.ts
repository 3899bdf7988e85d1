export { useShopForm, type ShopFormOptions, type ShopFormApi } from './use-shop-form';
export { ShopForm, SubmitButton } from './ShopForm';
export { applyServerErrors, type ServerErrors } from './server-errors';
export { useErrorText, useMessageText } from './message-text';
export { numberOrNull } from './typed-number';
export { checkedBy } from './checked-by';
