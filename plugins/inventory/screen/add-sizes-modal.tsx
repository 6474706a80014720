// The "Add Sizes" modal: more sizes for an existing style (POST /api/styles/:id/sizes), picked like Add Style's.
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import { FormModal } from '../../../ui/components/form-modal.js';
import { serverProblem } from './server-error.js';
import { SizeRowsEditor } from './size-rows-editor.js';
import { SizeRunPicker } from './size-run-picker.js';
import { rowsForSizes, serverFieldError, sizesBody, validateSizeRows, type SizeRow, type StyleFormErrors } from './style-form-rules.js';
import type { Style } from './types.js';

export interface AddSizesModalProps {
  style: Style;
  onClose: () => void;
  onSaved: (style: Style) => void;
}

/** Adds sizes the style does not have yet (a preset leaves out those it has). */
export function AddSizesModal({ style, onClose, onSaved }: AddSizesModalProps) {
  const existing = style.products.map((p) => p.size ?? '').filter(Boolean);
  const has = new Set(existing.map((s) => s.toLowerCase()));
  const [rows, setRows] = useState<SizeRow[]>([]);
  const [errors, setErrors] = useState<StyleFormErrors>({ fields: {}, rows: {} });
  const [alert, setAlert] = useState<string | null>(null);

  const submit = () => {
    const found = validateSizeRows(rows, existing);
    setErrors({ fields: found.sizes ? { sizes: found.sizes } : {}, rows: found.rows });
    setAlert(null);
    return found.sizes || Object.keys(found.rows).length ? undefined : save();
  };
  const save = async () => {
    try {
      const res = await api.post<{ style: Style }>(`/api/styles/${style.id}/sizes`, { sizes: sizesBody(rows) });
      toast.success(`${rows.length} ${rows.length === 1 ? 'size' : 'sizes'} added to ${res.style.item_name}`);
      onSaved(res.style);
    } catch (err) {
      toast.error('Failed to add sizes');
      const { message, field } = serverProblem(err);
      const placed = serverFieldError(field, message ?? '');
      if (message && Object.keys(placed.rows).length) setErrors(placed);
      else setAlert(message ?? 'Failed to add sizes. Please try again.');
    }
  };

  // Changing the table clears its errors (rows may have moved).
  const change = (next: SizeRow[]) => {
    setErrors({ fields: {}, rows: {} });
    setRows(next);
  };

  return (
    <FormModal
      title={`Add Sizes: ${style.item_name}`}
      formId="add-sizes-form"
      wide
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Add Sizes"
      busyLabel="Saving..."
    >
      <p className="muted">Sizes it has: {existing.length ? existing.join(', ') : 'none'}.</p>
      <SizeRunPicker
        onSizes={(sizes) =>
          change(
            rowsForSizes(
              sizes.filter((s) => !has.has(s.toLowerCase())),
              rows,
            ),
          )
        }
      />
      <SizeRowsEditor rows={rows} errors={errors.rows} error={errors.fields.sizes} onChange={change} />
      {alert ? (
        <p className="form-alert" role="alert">
          {alert}
        </p>
      ) : null}
    </FormModal>
  );
}
