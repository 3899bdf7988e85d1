/**
 * The home page's testimonial form, fetched only when its place comes near the screen (or when the
 * hero's "share" button asks for it): the form brings react-hook-form, zod and the shared schemas,
 * which the rest of the home page does not need for its first paint.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { TESTIMONIAL_FORM_ID, TESTIMONIAL_FORM_REQUESTED } from './Hero';

const TestimonialForm = lazy(() => import('./TestimonialForm').then((m) => ({ default: m.TestimonialForm })));

export function DeferredTestimonialForm() {
  const ref = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    const place = ref.current;
    if (!place || wanted) return;
    const want = () => setWanted(true);
    place.addEventListener(TESTIMONIAL_FORM_REQUESTED, want);
    if (typeof IntersectionObserver === 'undefined') {
      want();
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && want(), { rootMargin: '600px 0px' });
    observer.observe(place);
    return () => {
      observer.disconnect();
      place.removeEventListener(TESTIMONIAL_FORM_REQUESTED, want);
    };
  }, [wanted]);

  return (
    // The anchor the hero scrolls to; min-height keeps the page from jumping when the form arrives.
    <div id={TESTIMONIAL_FORM_ID} ref={ref} tabIndex={-1} className="min-h-[26rem] scroll-mt-24 outline-none">
      {wanted && (
        <Suspense fallback={null}>
          <TestimonialForm />
        </Suspense>
      )}
    </div>
  );
}
