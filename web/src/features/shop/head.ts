/**
 * Title and description of an information page. The title goes through `useDocumentTitle`
 * (web/src/lib/head.ts); that module has no description helper yet, so the `<meta name="description">`
 * is set here and put back when the page leaves.
 */
import { useEffect } from 'react';
import { useDocumentTitle } from '@web/lib/head';

export function usePageHead(title: string, description: string): void {
  useDocumentTitle(title);
  useEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previous = meta.content;
    meta.content = description;
    return () => {
      if (created) meta.remove();
      else meta.content = previous;
    };
  }, [description]);
}
