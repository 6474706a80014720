// The "Edit Style" modal: the shared fields only; PATCH /api/styles/:id writes them to every size at once.
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import { FormModal } from '../../../ui/components/form-modal.js';
import { serverProblem } from './server-error.js';
import { StyleFields } from './style-fields.js';
import { fieldsFromStyle, serverFieldError, styleUpdateBody, validateStyleFields, type StyleFieldErrors, type StyleFieldsValues } from './style-form-rules.js';
import type { Facets, Style } from './types.js';

export interface EditStyleModalProps {
  style: Style;
  facets?: Facets;
  onClose: () => void;
  onSaved: (style: Style) => void;
}

/** Edits a style's shared fields (name, brand, prices, tax, reorder point ...). */
export function EditStyleModal({ style, facets, onClose, onSaved }: EditStyleModalProps) {
  const [values, setValues] = useState<StyleFieldsValues>(() => fieldsFromStyle(style));
  const [errors, setErrors] = useState<StyleFieldErrors>({});

  const submit = () => {
    const found = validateStyleFields(values);
    setErrors(found);
    return Object.keys(found).length ? undefined : save();
  };
  const save = async () => {
    try {
      const res = await api.patch<{ style: Style }>(`/api/styles/${style.id}`, styleUpdateBody(values));
      toast.success(`Style ${res.style.item_name} updated successfully`);
      onSaved(res.style);
    } catch (err) {
      toast.error('Failed to update style');
      const { message, field } = serverProblem(err);
      if (message) setErrors(serverFieldError(field, message).fields);
    }
  };

  // Editing a field clears its error.
  const change = (next: StyleFieldsValues) => {
    setErrors((prev) => Object.fromEntries(Object.entries(prev).filter(([k]) => next[k as keyof StyleFieldsValues] === values[k as keyof StyleFieldsValues])));
    setValues(next);
  };

  return (
    <FormModal title="Edit Style" formId="edit-style-form" wide onClose={onClose} onSubmit={submit} submitLabel="Update Style" busyLabel="Saving...">
      <p className="muted">Changes apply to all {style.products.length} sizes of this style.</p>
      <StyleFields values={values} errors={errors} onChange={change} facets={facets} />
    </FormModal>
  );
}
