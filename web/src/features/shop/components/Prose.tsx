/** Building blocks of the information pages: a readable column, titled sections, lists from the texts. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/components/ui/cn';

/** The page's main heading and lead paragraph. `headingId` lets the article be labelled by it. */
export function PageIntro({ title, lead, eyebrow }: { title: string; lead?: ReactNode; eyebrow?: string }) {
  return (
    <header className="mb-10">
      {eyebrow && <p className="mb-2 text-sm font-medium tracking-wide text-rose">{eyebrow}</p>}
      <h1 className="text-3xl text-ink sm:text-4xl">{title}</h1>
      {lead && <p className="mt-4 text-lg text-muted">{lead}</p>}
    </header>
  );
}

/** A readable measure for running text. */
export function ProseColumn({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('mx-auto w-full max-w-prose', className)}>{children}</div>;
}

/** The shell of a standalone information page. */
export function InfoShell({ children }: { children: ReactNode }) {
  return (
    <div className="container-shop py-10 sm:py-14">
      <ProseColumn>{children}</ProseColumn>
    </div>
  );
}

/** A titled section (h2), labelled by its heading for landmarks navigation. */
export function InfoSection({ id, title, children, className }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={cn('mt-10 first:mt-0', className)}>
      <h2 id={id} className="mb-3 text-2xl text-ink">
        {title}
      </h2>
      <div className="space-y-4 text-ink/90">{children}</div>
    </section>
  );
}

/**
 * The values of a text object (`{ "1": "...", "2": "..." }`) in key order: the locale files hold only
 * strings, so a list is an object with numbered keys.
 */
export function useTextList(key: string, ns = 'shop'): string[] {
  const { t } = useTranslation(ns);
  const value = t(key, { returnObjects: true }) as unknown;
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, text]) => String(text));
}

/** A bullet list of the texts under `key`. */
export function TextList({ textKey, ordered = false }: { textKey: string; ordered?: boolean }) {
  const items = useTextList(textKey);
  const className = cn('space-y-2 ps-6', ordered ? 'list-decimal' : 'list-disc marker:text-rose');
  const children = items.map((item, index) => <li key={index}>{item}</li>);
  return ordered ? <ol className={className}>{children}</ol> : <ul className={className}>{children}</ul>;
}

/** Paragraphs of the texts under `key`. */
export function Paragraphs({ textKey }: { textKey: string }) {
  const items = useTextList(textKey);
  return (
    <>
      {items.map((item, index) => (
        <p key={index}>{item}</p>
      ))}
    </>
  );
}
