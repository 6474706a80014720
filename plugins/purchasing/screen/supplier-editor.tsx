// The Add Supplier and Edit Supplier modals: validate, send, toast, report the saved supplier.
import { useState } from 'react';
import { api, ApiError } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import { EditorModal, hasErrors } from '../../../ui/components/form-modal.js';
import { SupplierForm } from './supplier-form.js';
import {
  emptySupplierForm,
  formFromSupplier,
  supplierBody,
  validateSupplierForm,
  type SupplierFormErrors,
  type SupplierFormValues,
} from './supplier-form-rules.js';
import type { Supplier } from './types.js';

export interface SupplierEditorProps {
  /** The supplier to edit; omitted for Add Supplier. */
  supplier?: Supplier;
  onClose: () => void;
  onSaved: (supplier: Supplier) => void;
}

export const SAVE_FAILED = 'Failed to save supplier';
const FORM_FIELDS = new Set(Object.keys(emptySupplierForm()));

/** The failure toast: 'Failed to save supplier' plus the server's message when it sent one. */
export function saveFailedMessage(err: unknown): string {
  return err instanceof ApiError && err.code !== undefined && err.message ? `${SAVE_FAILED}: ${err.message}` : SAVE_FAILED;
}

/** A modal with the supplier form; adds (POST) or edits (PATCH) on submit. */
export function SupplierEditor({ supplier, onClose, onSaved }: SupplierEditorProps) {
  const editing = supplier !== undefined;
  const [values, setValues] = useState<SupplierFormValues>(() => (supplier ? formFromSupplier(supplier) : emptySupplierForm()));
  const [errors, setErrors] = useState<SupplierFormErrors>({});

  const submit = () => (hasErrors(validateSupplierForm(values), setErrors) ? undefined : save());
  const save = async () => {
    try {
      const body = supplierBody(values);
      const res = editing
        ? await api.patch<{ supplier: Supplier }>(`/api/suppliers/${supplier.id}`, body)
        : await api.post<{ supplier: Supplier }>('/api/suppliers', body);
      toast.success(`Supplier ${res.supplier.name} ${editing ? 'updated' : 'added'} successfully`);
      onSaved(res.supplier);
    } catch (err) {
      toast.error(saveFailedMessage(err));
      // The server names the failing field: show its message there too.
      const field = err instanceof ApiError ? (err.details as { field?: string } | undefined)?.field : undefined;
      if (field && FORM_FIELDS.has(field)) setErrors({ [field]: (err as ApiError).message });
    }
  };

  return (
    <EditorModal noun="Supplier" editing={editing} saveLabel="Save Changes" onClose={onClose} onSubmit={submit}>
      <SupplierForm values={values} errors={errors} onChange={setValues} />
    </EditorModal>
  );
}
