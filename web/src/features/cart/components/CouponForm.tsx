import { Tag, X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cartCouponBodySchema } from '@shared/schemas/cart';
import { Button } from '@web/components/ui';
import { toast } from '@web/components/ui/toast';
import { ShopForm, useShopForm } from '@web/lib/forms';
import { useApplyCoupon, useRemoveCoupon, type CartSummary } from '@web/lib/cart/api';

export function CouponForm({ coupon, disabled }: { coupon: CartSummary['coupon']; disabled?: boolean }) {
  const { t } = useTranslation('cart');
  const apply = useApplyCoupon();
  const remove = useRemoveCoupon();
  const id = useId();
  const form = useShopForm(cartCouponBodySchema, {
    defaultValues: { code: '' },
    save: async ({ code }) => {
      await apply.mutateAsync(code);
      form.reset({ code: '' });
    },
    saved: ({ code }) => t('coupon.applied', { code: code.toUpperCase() }),
    // Whatever the server's reason, the customer reads one sentence under the code.
    failed: () => ({ field: 'code', message: t('coupon.invalid') }),
  });
  const code = form.watch('code');
  const error = form.errorText('code');

  if (coupon) {
    return (
      <div className="rounded-xl bg-primary-soft px-4 py-3 text-sm">
        <div className="flex items-center justify-between gap-3">
          <p className="flex items-center gap-2 font-medium text-primary">
            <Tag aria-hidden="true" className="size-4" />
            {t('coupon.current', { code: coupon.code })}
          </p>
          <button
            type="button"
            className="inline-flex items-center gap-1 rounded-full px-2 py-1 text-primary underline-offset-2 hover:underline"
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => toast.success(t('coupon.removed')),
                onError: () => toast.error(t('generic.error')),
              })
            }
            disabled={remove.isPending || disabled}
          >
            <X aria-hidden="true" className="size-4" />
            {t('coupon.remove')}
          </button>
        </div>
        {coupon.valid === false && <p className="mt-1 text-danger">{coupon.message ?? t('coupon.notApplicable')}</p>}
      </div>
    );
  }

  return (
    <ShopForm form={form}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {t('coupon.label')}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          {...form.register('code', { onChange: () => form.clearErrors('code') })}
          autoComplete="off"
          maxLength={64}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="min-h-11 min-w-0 flex-1 rounded-full border border-line bg-surface px-4 text-sm uppercase placeholder:normal-case focus:border-primary focus:outline-none focus-visible:ring-2 focus-visible:ring-primary/30 aria-[invalid]:border-danger"
        />
        <Button type="submit" variant="secondary" disabled={disabled || form.saving || !code.trim()}>
          {t('coupon.apply')}
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
      {disabled && <p className="mt-1 text-xs text-muted">{t('coupon.offline')}</p>}
    </ShopForm>
  );
}
