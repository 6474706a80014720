// The shift bar at the top of the POS: this till's name (asked once when missing, changeable), 'Open Shift'
// with its float when none is open, and 'Pay In/Out' / 'X Report' / 'Open Drawer' / 'Close Shift' while one is; other
// plugins add theirs through the 'till-bar' slot (sales: 'Receipts').
import { useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { api } from '../../../ui/api.js';
import { dateTimeText } from '../../../ui/format.js';
import { tillName } from '../../../ui/till.js';
import { Slot } from '../../../ui/slot.js';
import { useQuery } from '../../../ui/use-query.js';
import { CashMovementModal } from './cash-movement-modal.js';
import { CashUpModal } from './cash-up-modal.js';
import { OpenShiftForm } from './open-shift-form.js';
import { OpenDrawerModal } from './open-drawer-modal.js';
import { ReportModal } from './report-modal.js';
import { ShiftsStyles } from './shifts-styles.js';
import { TillNameForm } from './till-name-form.js';
import type { CurrentShiftReply, ShiftReport } from './types.js';

type Open = null | 'pay' | 'x' | 'close' | 'drawer' | { z: ShiftReport };

/** The bar (a default export: the POS loads it lazily through its 'pos-top' slot). */
export default function ShiftBar() {
  useSignals();
  const till = tillName.value;
  const [renaming, setRenaming] = useState(false);
  const [open, setOpen] = useState<Open>(null);
  const current = useQuery(['shift-current', till], async () => (till ? (await api.get<CurrentShiftReply>('/api/shifts/current', { till })).shift : null));
  const shift = current.data ?? null;

  if (!till || renaming) {
    return (
      <section className="shift-bar" aria-label="Till and shift">
        <ShiftsStyles />
        <TillNameForm current={till} onDone={till ? () => setRenaming(false) : undefined} />
      </section>
    );
  }

  // The modals sit outside the bar, so the bar's compact styles never reach them.
  return (
    <>
      <section className="shift-bar" aria-label="Till and shift">
        <ShiftsStyles />
        <span className="till-name" data-testid="till-name">
          {till}
        </span>
        <button type="button" className="secondary outline" onClick={() => setRenaming(true)}>
          Change Till
        </button>
        {current.error ? <span className="text-danger">Error loading shift: {current.error.message}</span> : null}
        {current.data === undefined && !current.error ? <span aria-busy="true">Loading shift...</span> : null}
        {current.data === null ? <OpenShiftForm till={till} onOpened={() => void current.reload()} /> : null}
        {shift ? (
          <>
            {/* Buttons first, at the left: toasts come in at the top right. 'Receipts' is the sales plugin's (#26.4). */}
            <Slot name="till-bar" />
            <button type="button" className="secondary" onClick={() => setOpen('pay')}>
              Pay In/Out
            </button>
            <button type="button" className="secondary" onClick={() => setOpen('x')}>
              X Report
            </button>
            <button type="button" className="secondary" onClick={() => setOpen('drawer')}>
              Open Drawer
            </button>
            <button type="button" onClick={() => setOpen('close')}>
              Close Shift
            </button>
            <span className="muted">
              Shift #{shift.id} since {dateTimeText(shift.opened_at)}
            </span>
          </>
        ) : null}
      </section>
      {shift && open === 'pay' ? <CashMovementModal shift={shift} onClose={() => setOpen(null)} onSaved={() => setOpen(null)} /> : null}
      {shift && open === 'drawer' ? <OpenDrawerModal till={till} onClose={() => setOpen(null)} /> : null}
      {shift && open === 'x' ? <ReportModal shiftId={shift.id} kind="X" onClose={() => setOpen(null)} /> : null}
      {shift && open === 'close' ? (
        <CashUpModal
          shift={shift}
          onClose={() => setOpen(null)}
          onClosed={(z) => {
            setOpen({ z });
            void current.reload();
          }}
        />
      ) : null}
      {open && typeof open === 'object' ? <ReportModal shiftId={open.z.shift.id} kind="Z" report={open.z} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
