import { AlertCircle } from 'lucide-react';
import { ButtonLink } from '@web/components/ui/Button';

/** "Product not found." / "Category Not Found" with a way back to the list. */
export function MissingItem({ message, backTo, backLabel }: { message: string; backTo: string; backLabel: string }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-4 rounded-card border border-danger/25 bg-danger-soft px-6 py-10 text-center"
    >
      <AlertCircle aria-hidden="true" className="size-7 text-danger" />
      <p className="text-danger">{message}</p>
      <ButtonLink to={backTo} variant="secondary" size="sm">
        {backLabel}
      </ButtonLink>
    </div>
  );
}
