/** Name, description (and tags) in French, English and Arabic, one tab per language, in a form held by the form kit. */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, TextAreaField } from '@web/components/ui/form-fields';
import { fieldName, LanguageTabs, type FormLanguage } from './LanguageTabs';

export type Texts = { name: string; description: string; tags?: string };
export type TextsByLanguage = Record<FormLanguage, Texts>;

/** A text field of a kit form (`form.field(name)`): its registration and its translated error. */
type FieldBinding = UseFormRegisterReturn & { error?: string };
/** The request's names of the texts: `name` (French), `name_en`, `description_ar`... */
export type TextName = 'name' | 'name_en' | 'name_ar' | 'description' | 'description_en' | 'description_ar';
export type TagsName = 'tags' | 'tags_en' | 'tags_ar';

/** `field` is the form's `field`; `tagsField` too when the form has tags (a product). */
export function TranslatedFields({
  field,
  tagsField,
}: {
  field: (name: TextName) => FieldBinding;
  tagsField?: (name: TagsName) => FieldBinding;
}) {
  const { t } = useTranslation('admin-catalogue');
  return (
    <LanguageTabs invalid={{ fr: Boolean(field('name').error || field('description').error) }}>
      {(lang) => (
        <>
          <Field label={t('form.name')} required={lang === 'fr'} {...field(fieldName('name', lang) as TextName)} maxLength={200} />
          <TextAreaField
            label={`${t('form.description')}${lang === 'fr' ? ' *' : ''}`}
            {...field(fieldName('description', lang) as TextName)}
            rows={4}
          />
          {tagsField && <Field label={t('form.tags')} hint={t('form.tagsHint')} {...tagsField(fieldName('tags', lang) as TagsName)} />}
          {lang !== 'fr' && <p className="text-sm text-muted">{t('form.optionalLanguage')}</p>}
        </>
      )}
    </LanguageTabs>
  );
}
