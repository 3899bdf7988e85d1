/** Name, description (and tags) in French, English and Arabic, one tab per language. */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, TextAreaField } from '@web/components/ui/form-fields';
import { fieldName, FORM_LANGUAGES, LanguageTabs, type FormLanguage } from './LanguageTabs';
import type { Errors } from './use-field-errors';

export type Texts = { name: string; description: string; tags?: string };
export type TextsByLanguage = Record<FormLanguage, Texts>;

export const emptyTexts = (withTags = false): TextsByLanguage =>
  Object.fromEntries(FORM_LANGUAGES.map((l) => [l, withTags ? { name: '', description: '', tags: '' } : { name: '', description: '' }])) as TextsByLanguage;

/** The form fields `name`, `name_en`, `description_ar`... of the texts. */
export function textFields(texts: TextsByLanguage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const lang of FORM_LANGUAGES) {
    out[fieldName('name', lang)] = texts[lang].name;
    out[fieldName('description', lang)] = texts[lang].description;
    if (texts[lang].tags !== undefined) out[fieldName('tags', lang)] = texts[lang].tags;
  }
  return out;
}

export function TranslatedTexts({ texts, onChange, errors }: { texts: TextsByLanguage; onChange: (texts: TextsByLanguage) => void; errors: Errors }) {
  const { t } = useTranslation('admin-catalogue');
  const set = (lang: FormLanguage, key: keyof Texts, value: string) => onChange({ ...texts, [lang]: { ...texts[lang], [key]: value } });
  return (
    <LanguageTabs invalid={{ fr: Boolean(errors.name || errors.description) }}>
      {(lang) => (
        <>
          <Field label={t('form.name')} required={lang === 'fr'} value={texts[lang].name} onChange={(e) => set(lang, 'name', e.target.value)} error={errors[fieldName('name', lang)]} maxLength={200} />
          <TextAreaField
            label={`${t('form.description')}${lang === 'fr' ? ' *' : ''}`}
            value={texts[lang].description}
            onChange={(e) => set(lang, 'description', e.target.value)}
            error={errors[fieldName('description', lang)]}
            rows={4}
          />
          {texts[lang].tags !== undefined && (
            <Field label={t('form.tags')} hint={t('form.tagsHint')} value={texts[lang].tags} onChange={(e) => set(lang, 'tags', e.target.value)} error={errors[fieldName('tags', lang)]} />
          )}
          {lang !== 'fr' && <p className="text-sm text-muted">{t('form.optionalLanguage')}</p>}
        </>
      )}
    </LanguageTabs>
  );
}

/** A text field of a kit form (`form.field(name)`): its registration and its translated error. */
type FieldBinding = UseFormRegisterReturn & { error?: string };
/** The request's names of the texts: `name` (French), `name_en`, `description_ar`... */
export type TextName = 'name' | 'name_en' | 'name_ar' | 'description' | 'description_en' | 'description_ar';
export type TagsName = 'tags' | 'tags_en' | 'tags_ar';

/** `field` is the form's `field`; `tagsField` too when the form has tags (a product). */
export function TranslatedFields({ field, tagsField }: { field: (name: TextName) => FieldBinding; tagsField?: (name: TagsName) => FieldBinding }) {
  const { t } = useTranslation('admin-catalogue');
  return (
    <LanguageTabs invalid={{ fr: Boolean(field('name').error || field('description').error) }}>
      {(lang) => (
        <>
          <Field label={t('form.name')} required={lang === 'fr'} {...field(fieldName('name', lang) as TextName)} maxLength={200} />
          <TextAreaField label={`${t('form.description')}${lang === 'fr' ? ' *' : ''}`} {...field(fieldName('description', lang) as TextName)} rows={4} />
          {tagsField && <Field label={t('form.tags')} hint={t('form.tagsHint')} {...tagsField(fieldName('tags', lang) as TagsName)} />}
          {lang !== 'fr' && <p className="text-sm text-muted">{t('form.optionalLanguage')}</p>}
        </>
      )}
    </LanguageTabs>
  );
}
