// The "Add Style" modal: the shared fields, an SKU prefix and a size run in one form; POST /api/styles.
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import { FormModal } from '../../../ui/components/form-modal.js';
import { serverProblem } from './server-error.js';
import { SizeRowsEditor } from './size-rows-editor.js';
import { SizeRunPicker } from './size-run-picker.js';
import { StyleFields } from './style-fields.js';
import {
  emptyStyleForm,
  formHasErrors,
  rowsForSizes,
  serverFieldError,
  styleCreateBody,
  validateStyleForm,
  type StyleFormErrors,
  type StyleFormValues,
} from './style-form-rules.js';
import type { Facets, Style } from './types.js';

const NO_ERRORS: StyleFormErrors = { fields: {}, rows: {} };

export interface AddStyleModalProps {
  facets?: Facets;
  onClose: () => void;
  onSaved: (style: Style) => void;
}

/** Adds a style with all its sizes at once; a refused form keeps what was typed and marks the bad cell. */
export function AddStyleModal({ facets, onClose, onSaved }: AddStyleModalProps) {
  const [values, setValues] = useState<StyleFormValues>(emptyStyleForm);
  const [errors, setErrors] = useState<StyleFormErrors>(NO_ERRORS);
  const [alert, setAlert] = useState<string | null>(null);

  const submit = () => {
    const found = validateStyleForm(values);
    setErrors(found);
    setAlert(null);
    return formHasErrors(found) ? undefined : save();
  };
  const save = async () => {
    try {
      const res = await api.post<{ style: Style }>('/api/styles', styleCreateBody(values));
      toast.success(`Style ${res.style.item_name} added successfully`);
      onSaved(res.style);
    } catch (err) {
      toast.error('Failed to add style');
      const { message, field } = serverProblem(err);
      const placed = serverFieldError(field, message ?? '');
      // The server's words under the field it names; otherwise above the buttons.
      if (message && formHasErrors(placed)) setErrors(placed);
      else setAlert(message ?? 'Failed to add style. Please try again.');
    }
  };

  // Editing a field clears its error; changing the sizes clears the table's (rows may have moved).
  const change = (next: StyleFormValues) => {
    setErrors((prev) => ({
      fields: Object.fromEntries(
        Object.entries(prev.fields).filter(([k]) =>
          k === 'sizes' ? next.sizes === values.sizes : next[k as keyof StyleFormValues] === values[k as keyof StyleFormValues],
        ),
      ),
      rows: next.sizes === values.sizes ? prev.rows : {},
    }));
    setValues(next);
  };

  return (
    <FormModal title="Add Style" formId="add-style-form" wide onClose={onClose} onSubmit={submit} submitLabel="Add Style" busyLabel="Saving...">
      <StyleFields values={values} errors={errors.fields} onChange={change} facets={facets} />
      <label htmlFor="style-sku_prefix">
        SKU Prefix *
        <input
          id="style-sku_prefix"
          name="sku_prefix"
          type="text"
          required
          maxLength={40}
          autoComplete="off"
          placeholder="e.g. NK-PEG-BLK"
          aria-describedby="sku-prefix-hint"
          aria-invalid={errors.fields.sku_prefix ? true : undefined}
          value={values.sku_prefix}
          onChange={(e) => change({ ...values, sku_prefix: e.target.value })}
        />
        <small id="sku-prefix-hint" className="muted">
          Each size gets the SKU prefix-size, e.g. NK-PEG-BLK-42.
        </small>
        {errors.fields.sku_prefix ? (
          <small className="field-error" data-error-for="sku_prefix">
            {errors.fields.sku_prefix}
          </small>
        ) : null}
      </label>
      <SizeRunPicker onSizes={(sizes) => change({ ...values, sizes: rowsForSizes(sizes, values.sizes) })} />
      <SizeRowsEditor rows={values.sizes} errors={errors.rows} error={errors.fields.sizes} onChange={(sizes) => change({ ...values, sizes })} />
      {alert ? (
        <p className="form-alert" role="alert">
          {alert}
        </p>
      ) : null}
    </FormModal>
  );
}
