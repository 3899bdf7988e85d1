/**
 * The cart engineer's controls as catalogue pages place them (cards, product page, quick view):
 * add to cart and wishlist, fed from a catalogue product.
 */
import type { Product } from '@shared/schemas/catalogue';
import { AddToCartControls } from '@web/components/cart/AddToCartControls';
import { WishlistButton } from '@web/components/wishlist/WishlistButton';

export function AddToCartSlot({
  product,
  sizeId,
  variant = 'full',
  onChooseOptions,
}: {
  product: Product;
  /** The size chosen on the product page; cards add the first size. */
  sizeId?: number | null;
  variant?: 'card' | 'full';
  /** Cards: several colours open the quick view to choose. */
  onChooseOptions?: () => void;
}) {
  return (
    <AddToCartControls
      product={{
        id: product.id,
        name: product.name,
        stock: product.inStock ? product.stock : 0,
        colors: product.colors,
        price: product.price,
        discount: product.discount,
        image: product.image_path,
        category: product.category.name,
        is_extra: product.is_extra,
        sizes: product.sizes,
      }}
      sizeId={sizeId}
      variant={variant}
      onChooseOptions={onChooseOptions}
    />
  );
}

export function WishlistSlot({ product, variant = 'icon' }: { product: Product; variant?: 'icon' | 'full' }) {
  return (
    <WishlistButton
      productId={product.id}
      productName={product.name}
      variant={variant}
      product={{
        name: product.name,
        price: product.price,
        discount: product.discount,
        final_price: product.final_price,
        image_path: product.image_path,
        image_url: product.image_url,
      }}
    />
  );
}
