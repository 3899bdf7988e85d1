/** Answers of the back office's catalogue routes, in the three languages. */
import { defineMessages } from '../../lib/i18n.js';

export const catalogueAdminMessages = defineMessages({
  productCreated: { fr: 'Produit créé avec succès.', en: 'Product created successfully.', ar: 'تم إنشاء المنتج بنجاح.' },
  productUpdated: { fr: 'Produit mis à jour avec succès.', en: 'Product updated successfully.', ar: 'تم تحديث المنتج بنجاح.' },
  productDeleted: { fr: 'Produit supprimé.', en: 'Product deleted.', ar: 'تم حذف المنتج.' },
  productArchived: {
    fr: 'Ce produit figure dans des commandes : il est retiré de la boutique et conservé pour l’historique.',
    en: 'This product appears in orders: it was removed from the shop and kept for the order history.',
    ar: 'هذا المنتج موجود في طلبات: تمت إزالته من المتجر مع الاحتفاظ به في سجل الطلبات.',
  },
  productNotFound: { fr: 'Produit introuvable.', en: 'Product not found.', ar: 'المنتج غير موجود.' },
  productRestored: {
    fr: 'Produit restauré : il revient dans la boutique dès que son stock est renseigné.',
    en: 'Product restored: it is back in the shop as soon as its stock is set.',
    ar: 'تمت استعادة المنتج: يعود إلى المتجر بمجرد تحديد مخزونه.',
  },
  productNotArchived: { fr: 'Ce produit n’est pas archivé.', en: 'This product is not archived.', ar: 'هذا المنتج غير مؤرشف.' },
  imagesTooLarge: {
    fr: 'Les images sont trop volumineuses. Choisissez des images plus petites (2 Mo max. chacune). Essayez de les compresser avant l’envoi.',
    en: 'Image files are too large. Please choose smaller images (max 2MB each). Try compressing your images before uploading.',
    ar: 'ملفات الصور كبيرة جدًا. يرجى اختيار صور أصغر (2 ميغابايت كحد أقصى لكل صورة). حاول ضغط الصور قبل رفعها.',
  },
  tooManyImages: {
    fr: 'Un produit peut avoir au plus {max} photos.',
    en: 'A product can have at most {max} pictures.',
    ar: 'يمكن أن يحتوي المنتج على {max} صور كحد أقصى.',
  },
  notAnImage: {
    fr: 'Veuillez sélectionner uniquement des fichiers image (JPEG, PNG ou WebP).',
    en: 'Please select only image files.',
    ar: 'يرجى اختيار ملفات صور فقط (JPEG أو PNG أو WebP).',
  },
  imageTooManyPixels: {
    fr: 'L’image « {file} » est trop grande (plus de 25 mégapixels). Choisissez une image plus petite.',
    en: 'The image "{file}" is too large (over 25 megapixels). Please choose a smaller image.',
    ar: 'الصورة «{file}» كبيرة جدًا (أكثر من 25 ميغابكسل). يرجى اختيار صورة أصغر.',
  },
  unknownCategory: { fr: 'Cette catégorie n’existe pas.', en: 'This category does not exist.', ar: 'هذه الفئة غير موجودة.' },
  subcategoryOutsideCategory: {
    fr: 'Cette sous-catégorie n’appartient pas à la catégorie choisie.',
    en: 'This subcategory does not belong to the chosen category.',
    ar: 'هذه الفئة الفرعية لا تنتمي إلى الفئة المختارة.',
  },
  unknownOccasion: { fr: 'Cette occasion n’existe pas.', en: 'This occasion does not exist.', ar: 'هذه المناسبة غير موجودة.' },
  unknownColor: {
    fr: 'Une des couleurs choisies n’existe pas.',
    en: 'One of the chosen colours does not exist.',
    ar: 'أحد الألوان المختارة غير موجود.',
  },
  unknownImage: {
    fr: 'Une des photos n’appartient pas à ce produit.',
    en: 'One of the pictures does not belong to this product.',
    ar: 'إحدى الصور لا تنتمي إلى هذا المنتج.',
  },
  unknownSize: {
    fr: 'Une des tailles n’appartient pas à ce produit.',
    en: 'One of the sizes does not belong to this product.',
    ar: 'أحد الأحجام لا ينتمي إلى هذا المنتج.',
  },
  reorderUnknown: {
    fr: 'Certains produits de la liste n’existent plus. Rechargez la page.',
    en: 'Some products of the list no longer exist. Reload the page.',
    ar: 'بعض منتجات القائمة لم تعد موجودة. أعد تحميل الصفحة.',
  },
  orderSaved: {
    fr: 'Ordre des produits enregistré avec succès !',
    en: 'Product order saved successfully!',
    ar: 'تم حفظ ترتيب المنتجات بنجاح!',
  },

  categoryCreated: { fr: 'Catégorie créée avec succès.', en: 'Category created successfully.', ar: 'تم إنشاء الفئة بنجاح.' },
  categoryUpdated: { fr: 'Catégorie mise à jour avec succès.', en: 'Category updated successfully.', ar: 'تم تحديث الفئة بنجاح.' },
  categoryDeleted: { fr: 'Catégorie supprimée.', en: 'Category deleted.', ar: 'تم حذف الفئة.' },
  categoryNotFound: { fr: 'Catégorie introuvable', en: 'Category Not Found', ar: 'الفئة غير موجودة' },
  categoryHasProducts: {
    fr: 'Impossible de supprimer cette catégorie : elle contient encore des produits ({count}). Déplacez-les ou supprimez-les d’abord.',
    en: 'This category cannot be deleted: it still has products ({count}). Move or delete them first.',
    ar: 'لا يمكن حذف هذه الفئة: ما زالت تحتوي على منتجات ({count}). انقلها أو احذفها أولًا.',
  },
  categoryImageTooLarge: {
    fr: 'Le fichier image est trop volumineux. Choisissez une image plus petite (5 Mo max.).',
    en: 'Image file is too large. Please choose a smaller image (max 5MB).',
    ar: 'ملف الصورة كبير جدًا. يرجى اختيار صورة أصغر (5 ميغابايت كحد أقصى).',
  },
  categoryImageType: {
    fr: 'Veuillez sélectionner une image valide (JPEG, PNG ou WebP).',
    en: 'Please select a valid image file (JPEG, PNG, or WebP).',
    ar: 'يرجى اختيار ملف صورة صالح (JPEG أو PNG أو WebP).',
  },

  subcategoryCreated: {
    fr: 'Sous-catégorie créée avec succès !',
    en: 'Subcategory created successfully!',
    ar: 'تم إنشاء الفئة الفرعية بنجاح!',
  },
  subcategoryUpdated: {
    fr: 'Sous-catégorie mise à jour avec succès !',
    en: 'Subcategory updated successfully!',
    ar: 'تم تحديث الفئة الفرعية بنجاح!',
  },
  subcategoryDeleted: { fr: 'Sous-catégorie supprimée.', en: 'Subcategory deleted.', ar: 'تم حذف الفئة الفرعية.' },
  subcategoryNotFound: { fr: 'Sous-catégorie introuvable', en: 'Subcategory not found', ar: 'الفئة الفرعية غير موجودة' },
  subcategoryHasProducts: {
    fr: 'Impossible de supprimer cette sous-catégorie : elle contient encore des produits ({count}). Déplacez-les d’abord.',
    en: 'This subcategory cannot be deleted: it still has products ({count}). Move them first.',
    ar: 'لا يمكن حذف هذه الفئة الفرعية: ما زالت تحتوي على منتجات ({count}). انقلها أولًا.',
  },

  colorCreated: { fr: 'Couleur ajoutée.', en: 'Color added.', ar: 'تمت إضافة اللون.' },
  colorUpdated: { fr: 'Couleur mise à jour.', en: 'Color updated.', ar: 'تم تحديث اللون.' },
  colorDeleted: { fr: 'Couleur supprimée.', en: 'Color deleted.', ar: 'تم حذف اللون.' },
  colorToggled: { fr: 'Statut de la couleur modifié.', en: 'Color status changed.', ar: 'تم تغيير حالة اللون.' },
  colorNotFound: { fr: 'Couleur introuvable.', en: 'Color not found.', ar: 'اللون غير موجود.' },
  colorInUse: {
    fr: 'Des produits utilisent cette couleur ({count}) : désactivez-la plutôt que de la supprimer.',
    en: 'Products use this color ({count}): switch it off instead of deleting it.',
    ar: 'هذا اللون مستخدم في منتجات ({count}): قم بتعطيله بدلًا من حذفه.',
  },
  slugTaken: {
    fr: 'Ce slug est déjà utilisé par une autre couleur.',
    en: 'This slug is already used by another color.',
    ar: 'هذا المعرّف مستخدم بالفعل للون آخر.',
  },
});
