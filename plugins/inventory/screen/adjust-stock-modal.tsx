// The "Adjust Stock" modal of one size: a signed change, a reason and a note; the new stock shows as you type.
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import { FormModal } from '../../../ui/components/form-modal.js';
import { ADJUST_REASONS, adjustBody, deltaOf, validateAdjust, type AdjustErrors, type AdjustValues } from './adjust-stock-rules.js';
import { serverProblem } from './server-error.js';
import type { Product } from './types.js';

export interface AdjustStockModalProps {
  product: Product;
  onClose: () => void;
  onSaved: (product: Product) => void;
}

/** "Name (size X)", how a size is named in titles and toasts' detail. */
export const sizeName = (p: Pick<Product, 'item_name' | 'size'>) => (p.size ? `${p.item_name} (size ${p.size})` : p.item_name);

/** Books a manual stock change; the server refuses one that would go below 0 (409), shown under the change. */
export function AdjustStockModal({ product, onClose, onSaved }: AdjustStockModalProps) {
  const [values, setValues] = useState<AdjustValues>({ delta: '', reason: ADJUST_REASONS[0], note: '' });
  const [errors, setErrors] = useState<AdjustErrors>({});
  const d = deltaOf(values);

  const submit = () => {
    const found = validateAdjust(values, product.stock_qty);
    setErrors(found);
    return Object.keys(found).length ? undefined : save();
  };
  const save = async () => {
    try {
      const res = await api.post<{ product: Product }>(`/api/products/${product.id}/adjust`, adjustBody(values));
      toast.success(`Stock adjusted for ${res.product.item_name}`);
      onSaved(res.product);
    } catch (err) {
      toast.error('Failed to adjust stock');
      const { message } = serverProblem(err);
      setErrors({ delta: message ?? 'Failed to adjust stock. Please try again.' });
    }
  };
  const set = (patch: Partial<AdjustValues>) => setValues({ ...values, ...patch });

  return (
    <FormModal
      title={`Adjust Stock: ${sizeName(product)}`}
      formId="adjust-stock-form"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Adjust Stock"
      busyLabel="Saving..."
    >
      <p className="stock-preview">
        In stock: <strong>{product.stock_qty}</strong>
        {d !== null ? (
          <>
            {' '}
            → after this change: <strong data-testid="stock-after">{product.stock_qty + d}</strong>
          </>
        ) : null}
      </p>
      <div className="grid">
        <label htmlFor="adjust-delta">
          Change (+ adds, − removes) *
          <input
            id="adjust-delta"
            name="delta"
            type="number"
            step={1}
            inputMode="numeric"
            placeholder="e.g. 3 or -2"
            required
            autoComplete="off"
            aria-invalid={errors.delta ? true : undefined}
            value={values.delta}
            onChange={(e) => set({ delta: e.target.value })}
          />
          {errors.delta ? (
            <small className="field-error" data-error-for="delta">
              {errors.delta}
            </small>
          ) : null}
        </label>
        <label htmlFor="adjust-reason">
          Reason *
          <select
            id="adjust-reason"
            name="reason"
            value={values.reason}
            aria-invalid={errors.reason ? true : undefined}
            onChange={(e) => set({ reason: e.target.value })}
          >
            {ADJUST_REASONS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
          {errors.reason ? (
            <small className="field-error" data-error-for="reason">
              {errors.reason}
            </small>
          ) : null}
        </label>
      </div>
      <label htmlFor="adjust-note">
        Note
        <textarea id="adjust-note" name="note" rows={2} maxLength={2000} value={values.note} onChange={(e) => set({ note: e.target.value })} />
        {errors.note ? (
          <small className="field-error" data-error-for="note">
            {errors.note}
          </small>
        ) : null}
      </label>
    </FormModal>
  );
}
