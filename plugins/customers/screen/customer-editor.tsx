// The Add Customer and Edit Customer modals: validate, send, toast, report the saved customer.
import { useState, type FormEvent } from 'react';
import { api } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import { Modal } from '../../../ui/components/modal.js';
import { CustomerForm } from './customer-form.js';
import {
  customerBody, emptyCustomerForm, formFromCustomer, validateCustomerForm, type CustomerFormErrors,
} from './customer-form-rules.js';
import type { Customer } from './types.js';

export interface CustomerEditorProps {
  /** The customer to edit; omitted for Add Customer. */
  customer?: Customer;
  isAdmin: boolean;
  onClose: () => void;
  onSaved: (customer: Customer) => void;
}

/** A modal with the customer form; adds (POST) or edits (PATCH) on Save. */
export function CustomerEditor({ customer, isAdmin, onClose, onSaved }: CustomerEditorProps) {
  const editing = customer !== undefined;
  // Only an ADMIN gives credit, on a new customer or later (a USER's customer starts with limit 0, terms 0).
  const creditEditable = isAdmin;
  const [values, setValues] = useState(() => (customer ? formFromCustomer(customer) : emptyCustomerForm()));
  const [errors, setErrors] = useState<CustomerFormErrors>({});
  const [saving, setSaving] = useState(false);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const found = validateCustomerForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0 || saving) return;
    setSaving(true);
    const body = customerBody(values, creditEditable);
    try {
      const res = editing
        ? await api.patch<{ customer: Customer }>(`/api/customers/${customer.id}`, body)
        : await api.post<{ customer: Customer }>('/api/customers', body);
      toast.success(editing ? `Customer ${res.customer.name} updated successfully!` : `Customer ${res.customer.name} added successfully!`);
      onSaved(res.customer);
    } catch {
      toast.error(editing ? 'Failed to update customer' : 'Failed to add customer');
    } finally {
      setSaving(false);
    }
  };

  const formId = editing ? 'edit-customer-form' : 'add-customer-form';
  return (
    <Modal
      open
      title={editing ? 'Edit Customer' : 'Add Customer'}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="secondary" onClick={onClose} disabled={saving}>Cancel</button>
          <button type="submit" form={formId} disabled={saving} aria-busy={saving || undefined}>
            {saving ? 'Saving...' : editing ? 'Save Changes' : 'Add Customer'}
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit}>
        <CustomerForm values={values} errors={errors} onChange={setValues} creditEditable={creditEditable} />
      </form>
    </Modal>
  );
}
