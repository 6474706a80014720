// The Add Product and Edit Product modals: validate, send, toast, report the saved product.
import { useState } from 'react';
import { api, ApiError } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import { EditorModal, hasErrors } from '../../../ui/components/form-modal.js';
import { ProductForm } from './product-form.js';
import { emptyProductForm, formFromProduct, productBody, validateProductForm, type ProductFormErrors, type ProductFormValues } from './product-form-rules.js';
import type { Facets, Product } from './types.js';

export interface ProductEditorProps {
  /** The product to edit; omitted for Add Product. */
  product?: Product;
  facets?: Facets;
  onClose: () => void;
  onSaved: (product: Product) => void;
}

const FORM_FIELDS = new Set(Object.keys(emptyProductForm()));

/** A modal with the product form; adds (POST) or edits (PATCH) on submit. */
export function ProductEditor({ product, facets, onClose, onSaved }: ProductEditorProps) {
  const editing = product !== undefined;
  const [values, setValues] = useState<ProductFormValues>(() => (product ? formFromProduct(product) : emptyProductForm()));
  const [errors, setErrors] = useState<ProductFormErrors>({});

  const submit = () => (hasErrors(validateProductForm(values), setErrors) ? undefined : save());
  const save = async () => {
    try {
      const body = productBody(values);
      const res = editing
        ? await api.patch<{ product: Product }>(`/api/products/${product.id}`, body)
        : await api.post<{ product: Product }>('/api/products', body);
      toast.success(editing ? `Product ${res.product.item_name} updated successfully` : `Product ${res.product.item_name} added successfully`);
      onSaved(res.product);
    } catch (err) {
      // The server's message when it sent one (Kedai's errors carry a code), e.g. 'SKU NK-1 already exists';
      // it also shows under its field.
      const fromServer = err instanceof ApiError && err.code !== undefined && err.message !== '';
      const message = fromServer ? err.message : editing ? 'Failed to update product' : 'Failed to add product';
      toast.error(message);
      const field = err instanceof ApiError ? (err.details as { field?: string } | undefined)?.field : undefined;
      if (field && FORM_FIELDS.has(field)) setErrors({ [field]: message });
    }
  };

  // Editing a field clears its error; the rest stay until the next submit.
  const change = (next: ProductFormValues) => {
    setErrors((prev) => Object.fromEntries(Object.entries(prev).filter(([k]) => next[k as keyof ProductFormValues] === values[k as keyof ProductFormValues])));
    setValues(next);
  };

  return (
    <EditorModal noun="Product" editing={editing} saveLabel="Update Product" onClose={onClose} onSubmit={submit}>
      <ProductForm values={values} errors={errors} onChange={change} facets={facets} />
    </EditorModal>
  );
}
