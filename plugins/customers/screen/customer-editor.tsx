// The Add Customer and Edit Customer modals: validate, send, toast, report the saved customer.
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import { EditorModal, hasErrors } from '../../../ui/components/form-modal.js';
import { CustomerForm } from './customer-form.js';
import { customerBody, emptyCustomerForm, formFromCustomer, validateCustomerForm, type CustomerFormErrors } from './customer-form-rules.js';
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

  const submit = () => (hasErrors(validateCustomerForm(values), setErrors) ? undefined : save());
  const save = async () => {
    const body = customerBody(values, creditEditable);
    try {
      const res = editing
        ? await api.patch<{ customer: Customer }>(`/api/customers/${customer.id}`, body)
        : await api.post<{ customer: Customer }>('/api/customers', body);
      toast.success(editing ? `Customer ${res.customer.name} updated successfully!` : `Customer ${res.customer.name} added successfully!`);
      onSaved(res.customer);
    } catch {
      toast.error(editing ? 'Failed to update customer' : 'Failed to add customer');
    }
  };

  return (
    <EditorModal noun="Customer" editing={editing} saveLabel="Save Changes" onClose={onClose} onSubmit={submit}>
      <CustomerForm values={values} errors={errors} onChange={setValues} creditEditable={creditEditable} />
    </EditorModal>
  );
}
