// The Settings screen (/settings, ADMIN): shop details, staff accounts, backup.
import { useState } from 'react';
import { api } from '../../../ui/api.js';
import { useSession } from '../../../ui/session.js';
import { useQuery } from '../../../ui/use-query.js';
import type { ShopSettings } from './types.js';
import { ShopDetailsForm } from './shop-details-form.js';
import { PrinterForm } from './printer-form.js';
import { StaffAccounts } from './staff-accounts.js';
import { BackupCard } from './backup-card.js';
import { ReplicaCard } from './replica-card.js';
import { DiscountLimitCard } from './discount-limit-card.js';
import { RefundWindowCard } from './refund-window-card.js';
import { MoneyRulesCard } from './money-rules-card.js';
import { useSignals } from '@preact/signals-react/runtime';
import { loadShopConfig } from '../../../ui/shop-config.js';
import { unsavedCards, useLeaveGuard } from './unsaved.js';
import { Slot } from '../../../ui/slot.js';
import type { SettingsCardProps } from '../schemas.js';

/** The screen: loads the settings once, then each part manages its own saves. */
export default function SettingsScreen() {
  useSignals();
  const { user } = useSession();
  const [saved, setSavedState] = useState<ShopSettings | null>(null);
  // Every open screen follows a save at once (price mode, rounding, GST rate), without a reload (#26.9).
  const setSaved = (s: ShopSettings) => {
    setSavedState(s);
    void loadShopConfig();
  };
  useLeaveGuard();
  const unsaved = unsavedCards.value;
  const query = useQuery(['settings'], () => api.get<{ settings: ShopSettings }>('/api/settings'));
  const settings = saved ?? query.data?.settings;

  return (
    <section className="settings-screen">
      <hgroup>
        <h2>Settings</h2>
        <p>Shop details, staff accounts and backups</p>
      </hgroup>
      {unsaved.length ? (
        <p className="notice unsaved-notice" role="status">
          Unsaved changes: {unsaved.join(', ')}. Save each card before leaving.
        </p>
      ) : null}
      {query.error ? (
        <p role="alert" className="error-text">
          Error loading settings: {query.error.message}
        </p>
      ) : null}
      {!settings && query.loading ? <p aria-busy="true">Loading settings...</p> : null}
      {settings ? <ShopDetailsForm settings={settings} onSaved={setSaved} /> : null}
      {/* Plugins' own settings (sales', returns'): their cards only in an app that has the plugin. */}
      {settings?.max_staff_discount_percent !== undefined ? <DiscountLimitCard settings={settings} onSaved={setSaved} /> : null}
      {settings?.refund_window_days !== undefined ? <RefundWindowCard settings={settings} onSaved={setSaved} /> : null}
      {settings ? <MoneyRulesCard settings={settings} onSaved={setSaved} /> : null}
      {settings ? <PrinterForm settings={settings} onSaved={setSaved} /> : null}
      {/* Other plugins' own cards (#29 gift-cards: 'Gift card expiry'), slot 'settings-card'. */}
      {settings ? <Slot<SettingsCardProps> name="settings-card" props={{ settings, onSaved: setSaved }} /> : null}
      <StaffAccounts me={user?.username} />
      <BackupCard />
      <ReplicaCard />
    </section>
  );
}
