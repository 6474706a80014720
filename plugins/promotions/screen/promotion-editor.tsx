// The New Promotion and Edit Promotion modals: check, send, toast, report the saved promotion.
import { useEffect, useState } from 'react';
import { api, ApiError } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import { FormModal, hasErrors } from '../../../ui/components/form-modal.js';
import { PromotionForm } from './promotion-form.js';
import {
  emptyPromotionForm,
  FIELD_OF_BODY,
  formFromPromotion,
  promotionBody,
  validatePromotionForm,
  type PromotionFormErrors,
  type PromotionFormValues,
} from './promotion-rules.js';
import type { Promotion, Style } from './types.js';

export interface PromotionEditorProps {
  /** The promotion to edit; omitted for New Promotion. */
  promotion?: Promotion;
  onClose: () => void;
  onSaved: (promotion: Promotion) => void;
}

export const SAVE_FAILED = 'Failed to save promotion';

/** 'Failed to save promotion' plus the server's message when it sent one. */
function saveFailedMessage(err: unknown): string {
  return err instanceof ApiError && err.code !== undefined && err.message ? `${SAVE_FAILED}: ${err.message}` : SAVE_FAILED;
}

export function PromotionEditor({ promotion, onClose, onSaved }: PromotionEditorProps) {
  const editing = promotion !== undefined;
  const [values, setValues] = useState<PromotionFormValues>(() => (promotion ? formFromPromotion(promotion) : emptyPromotionForm()));
  const [errors, setErrors] = useState<PromotionFormErrors>({});

  // The stored scope names its styles by id: fetch their names for the chips.
  useEffect(() => {
    const ids = promotion?.scope.style_ids ?? [];
    if (ids.length === 0) return;
    let live = true;
    void Promise.all(ids.map((id) => api.get<{ style: Style }>(`/api/styles/${id}`).catch(() => null))).then((found) => {
      if (!live) return;
      const names = new Map(found.filter((f) => f !== null).map((f) => [f.style.id, f.style.item_name]));
      setValues((v) => ({ ...v, styles: v.styles.map((s) => ({ ...s, name: names.get(s.id) ?? s.name })) }));
    });
    return () => {
      live = false;
    };
  }, [promotion]);

  const submit = () => (hasErrors(validatePromotionForm(values), setErrors) ? undefined : save());
  const save = async () => {
    try {
      const body = promotionBody(values);
      const res = editing
        ? await api.patch<{ promotion: Promotion }>(`/api/promotions/${promotion.id}`, body)
        : await api.post<{ promotion: Promotion }>('/api/promotions', body);
      toast.success(`Promotion ${res.promotion.name} ${editing ? 'updated' : 'created'} successfully`);
      onSaved(res.promotion);
    } catch (err) {
      toast.error(saveFailedMessage(err));
      const field = err instanceof ApiError ? (err.details as { field?: string } | undefined)?.field : undefined;
      const key = field ? FIELD_OF_BODY[field] : undefined;
      if (key) setErrors({ [key]: (err as ApiError).message });
    }
  };

  return (
    <FormModal
      wide
      title={editing ? 'Edit Promotion' : 'New Promotion'}
      formId={editing ? 'edit-promotion-form' : 'new-promotion-form'}
      submitLabel={editing ? 'Save Changes' : 'Create Promotion'}
      busyLabel="Saving..."
      onClose={onClose}
      onSubmit={submit}
    >
      <PromotionForm values={values} errors={errors} onChange={setValues} />
    </FormModal>
  );
}
