// The body shared by /admin/images and /ecommerce: style selector, upload area, image grid. The variant's
// backend decides how files travel and which toasts say so (docs/spec.md §8, Images).
import { useEffect, useState } from 'react';
import { confirmDialog } from '../../../ui/components/confirm.js';
import { toast } from '../../../ui/toast.js';
import { useQuery } from '../../../ui/use-query.js';
import type { ImageBackend } from './image-backends.js';
import { ImageGrid } from './image-grid.js';
import { ProductSelector } from './product-selector.js';
import type { ProductImage, Style } from './types.js';
import { UploadArea } from './upload-area.js';
import { checkFiles, messageOf } from './upload-rules.js';

/** Selector + upload + grid for one backend. */
export function ImagesManager({ backend, variant }: { backend: ImageBackend; variant: 'admin' | 'ecommerce' }) {
  const [product, setProduct] = useState<Style | null>(null);
  const [uploading, setUploading] = useState(false);
  // Photos belong to the style: the spec's per-product routes are called through its first size, and answer
  // with (and write to) the style's photos.
  const productId = product?.products[0]?.id ?? null;
  const list = useQuery(['product-images', variant, productId], async () => ({ productId, images: productId ? await backend.list(productId) : [] }));
  // The previous product's images stay in `data` while the next product's load: never show them.
  const loaded = list.data?.productId === productId ? list.data.images : undefined;
  // After a reorder the new order shows at once, until the refetch confirms it.
  const [shown, setShown] = useState<ProductImage[] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the refetched list arrives: it replaces the order shown meanwhile
  useEffect(() => setShown(null), [list.data]);
  const images = shown ?? loaded ?? [];
  // The chosen style's head shows its primary photo as it is now (set or uploaded here), not as when it was picked.
  const primary = loaded?.find((i) => i.isPrimary);
  const selected = product && primary ? { ...product, image_url: primary.thumbUrl } : product;

  const upload = async (chosen: File[]) => {
    const { files, errors } = checkFiles(chosen, productId !== null);
    for (const e of errors) toast.error(e);
    if (!productId || !files.length) return;
    setUploading(true);
    try {
      for (const file of files) {
        try {
          await backend.upload(productId, file);
          toast.success(backend.uploadedText(file));
        } catch (err) {
          toast.error(backend.uploadFailedText(file, err));
        }
      }
    } finally {
      setUploading(false);
      await list.reload();
    }
  };

  const setPrimary = async (image: ProductImage) => {
    try {
      await backend.setPrimary(productId!, image.id);
      toast.success('Image updated successfully!');
    } catch (err) {
      toast.error(`Failed to update image: ${messageOf(err)}`);
    }
    await list.reload();
  };

  const saveAlt = async (image: ProductImage, alt: string): Promise<boolean> => {
    try {
      await backend.saveAlt(productId!, image.id, alt);
      toast.success('Image updated successfully!');
      await list.reload();
      return true;
    } catch (err) {
      toast.error(`Failed to update image: ${messageOf(err)}`);
      return false;
    }
  };

  const reorder = async (imageIds: number[]) => {
    const byId = new Map(images.map((i) => [i.id, i]));
    setShown(imageIds.map((id) => byId.get(id)!).filter(Boolean));
    try {
      await backend.reorder(productId!, imageIds);
      toast.success('Images reordered successfully!');
    } catch (err) {
      toast.error(`Failed to reorder images: ${messageOf(err)}`);
    }
    await list.reload();
  };

  const remove = async (image: ProductImage) => {
    if (!(await confirmDialog('Are you sure you want to delete this image?'))) return;
    try {
      await backend.remove(productId!, image.id);
      toast.success('Image deleted successfully!');
    } catch (err) {
      toast.error(`Failed to delete image: ${messageOf(err)}`);
    }
    await list.reload();
  };

  return (
    <div className="images-manager">
      <ProductSelector
        selected={selected}
        onSelect={(p) => {
          setProduct(p);
          setShown(null);
        }}
      />
      {product ? (
        <>
          <UploadArea busy={uploading} onFiles={(files) => void upload(files)} />
          {list.error ? (
            <p role="alert" className="text-danger">
              Error loading images: {list.error.message}
            </p>
          ) : null}
          {list.loading && !loaded ? <p aria-busy="true">Loading images...</p> : null}
          {loaded && images.length === 0 ? <p className="center-state muted images-empty">No images uploaded yet. Upload some images to get started.</p> : null}
          {images.length > 0 ? (
            <ImageGrid
              images={images}
              onReorder={(ids) => void reorder(ids)}
              onSetPrimary={(image) => void setPrimary(image)}
              onSaveAlt={saveAlt}
              onDelete={(image) => void remove(image)}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
