// Saving a Settings card (#29): PATCH /api/settings with the card's keys, the spec's toasts, the card's busy state.
// Shared by the settings plugin's own cards and the cards other plugins put in its 'settings-card' slot.
import { useState } from 'react';
import { api, ApiError } from './api.js';
import { toast } from './toast.js';

/** `save(patch)` PATCHes the keys, toasts the outcome and hands the saved settings to `onSaved`; false on a refusal. */
export function useSettingsSave<S>(onSaved: (settings: S) => void, onError?: (err: unknown) => void) {
  const [saving, setSaving] = useState(false);
  const save = async (patch: Record<string, unknown>): Promise<boolean> => {
    if (saving) return false;
    setSaving(true);
    try {
      const res = await api.patch<{ settings: S }>('/api/settings', patch);
      toast.success('Settings saved successfully!');
      onSaved(res.settings);
      return true;
    } catch (err) {
      onError?.(err);
      toast.error(err instanceof ApiError && err.message ? err.message : 'Failed to save settings');
      return false;
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}
