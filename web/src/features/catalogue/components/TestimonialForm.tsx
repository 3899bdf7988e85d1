import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TESTIMONIAL_MAX_LENGTH, testimonialInputSchema } from '@shared/schemas/testimonials';
import { isApiError } from '@web/lib/api';
import { ShopForm, SubmitButton, useShopForm } from '@web/lib/forms';
import { useSubmitTestimonial } from '../hooks';
import { StarRatingInput } from './StarRating';

/** How long the thank-you message stays (messages clear after 3 s). */
export const SUCCESS_MESSAGE_MS = 3000;

/** Share an experience: text and 1-5 stars (default 5). Logged-in customers only (401 -> log in). */
export function TestimonialForm() {
  const { t } = useTranslation('catalogue');
  const submit = useSubmitTestimonial();
  const [outcome, setOutcome] = useState<'idle' | 'sent' | 'login'>('idle');
  // The thanks and the invitation to log in are said in the form (with a link), not in a toast.
  const form = useShopForm(testimonialInputSchema, {
    defaultValues: { content: '', rating: 5 },
    save: async (values) => {
      setOutcome('idle');
      try {
        await submit.mutateAsync(values);
      } catch (error) {
        if (!(isApiError(error) && error.status === 401)) throw error;
        setOutcome('login');
        return;
      }
      form.reset({ content: '', rating: 5 });
      setOutcome('sent');
    },
    failed: (_error, onForm) => (onForm.onFields ? null : t('testimonials.form.failed')),
  });

  useEffect(() => {
    if (outcome !== 'sent') return;
    const timer = setTimeout(() => setOutcome('idle'), SUCCESS_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  const contentError = form.errorText('content');

  return (
    <ShopForm
      form={form}
      message={false}
      aria-labelledby="testimonial-form-title"
      className="flex flex-col gap-4 rounded-card bg-surface p-5 shadow-card ring-1 ring-line/60 sm:p-7"
    >
      <div>
        <h3 id="testimonial-form-title" className="mb-1 text-2xl text-ink">
          {t('testimonials.form.title')}
        </h3>
        <p className="text-sm text-muted">{t('testimonials.form.intro')}</p>
      </div>
      <div>
        <label htmlFor="testimonial-content" className="mb-1.5 block text-sm font-medium text-ink">
          {t('testimonials.form.content')}
        </label>
        <textarea
          id="testimonial-content"
          rows={4}
          maxLength={TESTIMONIAL_MAX_LENGTH}
          aria-invalid={contentError ? true : undefined}
          aria-describedby={contentError ? 'testimonial-content-error' : undefined}
          placeholder={t('testimonials.form.placeholder')}
          className="w-full rounded-xl border border-line bg-cream/40 px-4 py-3 text-ink placeholder:text-muted focus:border-primary focus:outline-2 focus:outline-primary/30 aria-[invalid]:border-danger"
          {...form.register('content')}
        />
        {contentError && (
          <p id="testimonial-content-error" className="mt-1 text-sm text-danger">
            {contentError}
          </p>
        )}
      </div>
      <Controller
        control={form.control}
        name="rating"
        render={({ field }) => (
          <StarRatingInput
            value={Number(field.value ?? 5)}
            onChange={field.onChange}
            legend={t('testimonials.form.rating')}
            error={form.errorText('rating')}
          />
        )}
      />
      <div aria-live="polite" className="empty:hidden">
        {outcome === 'sent' && (
          <div role="status" className="flex gap-2 rounded-xl bg-primary-soft px-4 py-3 text-sm text-primary">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <p>
              <strong className="block font-semibold">{t('testimonials.form.thanks')}</strong>
              {t('testimonials.form.review')}
            </p>
          </div>
        )}
        {outcome === 'login' && (
          <p role="alert" className="rounded-xl bg-blush px-4 py-3 text-sm text-ink">
            {t('testimonials.form.loginRequired')}{' '}
            <Link to="/login?redirect=/" className="font-semibold text-primary underline">
              {t('testimonials.form.login')}
            </Link>
          </p>
        )}
        {form.formError && (
          <p role="alert" className="rounded-xl bg-danger-soft px-4 py-3 text-sm text-danger">
            {form.formError}
          </p>
        )}
      </div>
      <SubmitButton form={form} busyLabel={t('testimonials.form.sending')} className="self-start">
        {t('testimonials.form.submit')}
      </SubmitButton>
    </ShopForm>
  );
}
