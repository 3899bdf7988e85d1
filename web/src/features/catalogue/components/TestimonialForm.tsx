import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useShopForm } from '@web/lib/forms';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toLocale } from '@shared/constants';
import { TESTIMONIAL_MAX_LENGTH, testimonialInputSchema } from '@shared/schemas/testimonials';
import { translateValidation } from '@shared/validation';
import { Button } from '@web/components/ui/Button';
import { isApiError } from '@web/lib/api';
import { useSubmitTestimonial } from '../hooks';
import { StarRatingInput } from './StarRating';

/** How long the thank-you message stays (messages clear after 3 s). */
export const SUCCESS_MESSAGE_MS = 3000;

/** Share an experience: text and 1-5 stars (default 5). Logged-in customers only (401 -> log in). */
export function TestimonialForm() {
  const { t, i18n } = useTranslation('catalogue');
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  const submit = useSubmitTestimonial();
  const [outcome, setOutcome] = useState<'idle' | 'sent' | 'login' | 'failed'>('idle');
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useShopForm(testimonialInputSchema, { defaultValues: { content: '', rating: 5 },
  });

  useEffect(() => {
    if (outcome !== 'sent') return;
    const timer = setTimeout(() => setOutcome('idle'), SUCCESS_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  const onSubmit = handleSubmit(async (values) => {
    setOutcome('idle');
    try {
      await submit.mutateAsync(values);
      reset({ content: '', rating: 5 });
      setOutcome('sent');
    } catch (error) {
      if (isApiError(error) && error.status === 401) setOutcome('login');
      else if (isApiError(error) && error.status === 422 && Object.keys(error.errors).length > 0) {
        for (const field of ['content', 'rating'] as const) {
          const message = error.fieldError(field);
          if (message) setError(field, { message });
        }
      } else setOutcome('failed');
    }
  });

  const message = (text: string | undefined) => (text ? translateValidation(text, locale) : undefined);
  const contentError = message(errors.content?.message);

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
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
          {...register('content')}
        />
        {contentError && (
          <p id="testimonial-content-error" className="mt-1 text-sm text-danger">
            {contentError}
          </p>
        )}
      </div>
      <Controller
        control={control}
        name="rating"
        render={({ field }) => (
          <StarRatingInput
            value={Number(field.value ?? 5)}
            onChange={field.onChange}
            legend={t('testimonials.form.rating')}
            error={message(errors.rating?.message)}
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
        {outcome === 'failed' && (
          <p role="alert" className="rounded-xl bg-danger-soft px-4 py-3 text-sm text-danger">
            {t('testimonials.form.failed')}
          </p>
        )}
      </div>
      <Button type="submit" disabled={submit.isPending} className="self-start">
        {submit.isPending ? t('testimonials.form.sending') : t('testimonials.form.submit')}
      </Button>
    </form>
  );
}
