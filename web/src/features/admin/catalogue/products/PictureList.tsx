/**
 * The product's pictures: previews in their order (the first is the shop's main picture), remove,
 * move earlier or later; new files go through the browser's compression (compress-image.ts) and its messages.
 */
import { ArrowLeft, ArrowRight, ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '@web/components/ui/form-fields';
import { megabytes, MAX_PICTURE_BYTES, MAX_SOURCE_BYTES, preparePicture } from '../compress-image';

export type Picture =
  { key: string; kind: 'existing'; id: number; url: string } | { key: string; kind: 'new'; file: File; url: string; tooLarge: boolean };

const MAX_PICTURES = 10;
let counter = 0;

export function PictureList({
  pictures,
  onChange,
  error,
}: {
  pictures: Picture[];
  onChange: (pictures: Picture[]) => void;
  error?: string;
}) {
  const { t } = useTranslation('admin-catalogue');
  const inputId = useId();
  const [messages, setMessages] = useState<string[]>([]);
  const [preparing, setPreparing] = useState(false);
  const latest = useRef(pictures);
  latest.current = pictures;

  // Previews of new files are object URLs: freed when the form goes away.
  useEffect(
    () => () => {
      for (const p of latest.current) if (p.kind === 'new') URL.revokeObjectURL(p.url);
    },
    [],
  );

  async function add(files: FileList | null) {
    if (!files || files.length === 0) return;
    setPreparing(true);
    const notes: string[] = [];
    const added: Picture[] = [];
    for (const file of Array.from(files)) {
      const prepared = await preparePicture(file);
      if (prepared.ok) {
        added.push({ key: `n${++counter}`, kind: 'new', file: prepared.file, url: URL.createObjectURL(prepared.file), tooLarge: false });
        if (prepared.compressed) notes.push(t('pictures.compressed', { file: file.name, size: megabytes(prepared.file.size) }));
      } else if (prepared.reason === 'notImage') notes.push(t('pictures.notImage'));
      else if (prepared.reason === 'tooLarge')
        notes.push(
          t('pictures.tooLarge', { size: megabytes(file.size), max: MAX_PICTURE_BYTES / 1048576, limit: MAX_SOURCE_BYTES / 1048576 }),
        );
      else if (prepared.reason === 'stillTooLarge') {
        notes.push(t('pictures.stillTooLarge', { size: megabytes(prepared.file.size) }));
        added.push({ key: `n${++counter}`, kind: 'new', file: prepared.file, url: URL.createObjectURL(prepared.file), tooLarge: true });
      } else notes.push(t('pictures.failed'));
    }
    const room = MAX_PICTURES - latest.current.length;
    if (added.length > room) notes.push(t('pictures.tooMany', { max: MAX_PICTURES }));
    onChange([...latest.current, ...added.slice(0, Math.max(0, room))]);
    setMessages(notes);
    setPreparing(false);
  }

  function remove(index: number) {
    const picture = pictures[index];
    if (picture?.kind === 'new') URL.revokeObjectURL(picture.url);
    onChange(pictures.filter((_, i) => i !== index));
  }

  function move(index: number, by: number) {
    const next = [...pictures];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    onChange(next);
  }

  const oversized = pictures.flatMap((p) => (p.kind === 'new' && p.tooLarge ? [p.file.name] : []));

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-ink">{t('pictures.title')}</legend>
      <p className="text-sm text-muted">{t('pictures.hint', { max: MAX_PICTURES })}</p>
      {error && <FormMessage tone="error">{error}</FormMessage>}
      {oversized.length > 0 && <FormMessage tone="error">{t('pictures.filesTooLarge', { files: oversized.join(', ') })}</FormMessage>}
      {messages.length > 0 && (
        <ul aria-live="polite" className="space-y-1 text-sm text-ink">
          {messages.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      )}
      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {pictures.map((p, i) => (
          <li key={p.key} className={`relative rounded-xl border p-1 ${p.kind === 'new' && p.tooLarge ? 'border-danger' : 'border-line'}`}>
            <img src={p.url} alt={t('pictures.alt', { position: i + 1 })} className="aspect-square w-full rounded-lg object-cover" />
            {i === 0 && (
              <span className="absolute start-2 top-2 rounded-full bg-primary px-2 py-0.5 text-xs text-white">{t('pictures.main')}</span>
            )}
            <div className="mt-1 flex items-center justify-between gap-1">
              <button
                type="button"
                onClick={() => move(i, -1)}
                disabled={i === 0}
                aria-label={t('pictures.earlier', { position: i + 1 })}
                className="inline-flex size-9 items-center justify-center rounded-full hover:bg-sand disabled:opacity-40"
              >
                <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
              </button>
              <button
                type="button"
                onClick={() => remove(i)}
                aria-label={t('pictures.remove', { position: i + 1 })}
                className="inline-flex size-9 items-center justify-center rounded-full text-rose hover:bg-danger-soft"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
              <button
                type="button"
                onClick={() => move(i, 1)}
                disabled={i === pictures.length - 1}
                aria-label={t('pictures.later', { position: i + 1 })}
                className="inline-flex size-9 items-center justify-center rounded-full hover:bg-sand disabled:opacity-40"
              >
                <ArrowRight aria-hidden="true" className="size-4 rtl:rotate-180" />
              </button>
            </div>
          </li>
        ))}
      </ol>
      {pictures.length < MAX_PICTURES && (
        <div>
          <label
            htmlFor={inputId}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-primary/70 px-5 text-sm font-medium text-primary hover:bg-primary-soft focus-within:outline-2 focus-within:outline-primary"
          >
            <ImagePlus aria-hidden="true" className="size-4" />
            {preparing ? t('pictures.preparing') : t('pictures.add')}
          </label>
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            multiple
            className="sr-only"
            onChange={(e) => {
              void add(e.target.files);
              e.target.value = '';
            }}
          />
        </div>
      )}
    </fieldset>
  );
}
