/**
 * /admin/products/new (and /add) and /admin/products/edit/:id: the product form
 * and 8). Texts in French (required), English and Arabic; category then subcategory (reset when the
 * category changes); price, stock, discount, featured, colours; pictures with previews, removal and
 * order, compressed in the browser before an upload that shows its progress.
 */
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { AdminProduct } from '@shared/schemas/catalogue-admin';
import { Spinner } from '@web/components/ui/Spinner';
import { PageHeader } from '../../components/PageHeader';
import { useAdminProduct } from '../api';
import { MissingItem } from '../MissingItem';
import { ProductForm, type ProductValues } from './ProductForm';

const emptyValues: ProductValues = {
  texts: {
    fr: { name: '', description: '', tags: '' },
    en: { name: '', description: '', tags: '' },
    ar: { name: '', description: '', tags: '' },
  },
  category_id: '',
  subcategory_id: '',
  price: '',
  stock: '0',
  discount: '0',
  is_featured: false,
  is_extra: false,
  sold_alone: false,
  sizes: [],
  color_ids: [],
  occasion_ids: [],
  pictures: [],
};

function valuesOf(p: AdminProduct): ProductValues {
  return {
    texts: { fr: { name: p.name, description: p.description, tags: p.tags }, en: p.translations.en, ar: p.translations.ar },
    category_id: String(p.category_id),
    subcategory_id: p.subcategory_id === null ? '' : String(p.subcategory_id),
    price: p.price.toFixed(2),
    stock: String(p.stock),
    discount: String(p.discount),
    is_featured: p.is_featured,
    is_extra: p.is_extra,
    sold_alone: p.sold_alone,
    sizes: p.sizes.map((z) => ({
      key: `size-e${z.id}`,
      id: z.id,
      name: z.name,
      name_en: z.name_en,
      name_ar: z.name_ar,
      price: String(z.price),
      image_id: z.image_id !== null ? String(z.image_id) : '',
    })),
    color_ids: p.color_ids.map(String),
    occasion_ids: (p.occasion_ids ?? []).map(String),
    pictures: p.images.map((img) => ({ key: `e${img.id}`, kind: 'existing' as const, id: img.id, url: img.image_path })),
  };
}

export default function ProductFormPage() {
  const { t } = useTranslation('admin-catalogue');
  const { id } = useParams();
  const productId = id !== undefined && /^\d+$/.test(id) ? Number(id) : id === undefined ? null : -1;
  const product = useAdminProduct(productId !== null && productId > 0 ? productId : null);

  if (productId === null) {
    return (
      <div>
        <PageHeader title={t('form.newTitle')} />
        <ProductForm initial={emptyValues} productId={null} />
      </div>
    );
  }
  if (productId < 0 || product.isError) {
    return (
      <div>
        <PageHeader title={t('form.editTitle')} />
        <MissingItem message={t('form.notFound')} backTo="/admin/products" backLabel={t('form.backToList')} />
      </div>
    );
  }
  return (
    <div>
      <PageHeader title={t('form.editTitle')} description={product.data?.name} />
      {product.data ? <ProductForm key={product.data.id} initial={valuesOf(product.data)} productId={product.data.id} /> : <Spinner />}
    </div>
  );
}
