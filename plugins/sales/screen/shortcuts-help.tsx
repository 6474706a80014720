// The till's keyboard shortcuts, listed in a dialog opened with '?' (and documented in plugins/sales/README.md).
import { Modal } from '../../../ui/components/modal.js';

/** [keys, what they do], in the order a sale goes. */
export const POS_SHORTCUTS: [string, string][] = [
  ['F2 or /', 'Focus the search box (scan or type)'],
  ['Enter (in the search)', 'Add the scanned barcode or SKU, else the first result'],
  ['Arrow keys (on the sizes)', 'Move between sizes; Enter or Space adds the size'],
  ['F9 or Ctrl+Enter', 'Open Checkout'],
  ['Enter (in Checkout)', 'Complete the sale'],
  ['Enter (sale complete)', 'New sale'],
  ['Esc', 'Close the dialog (cancel)'],
  ['?', 'Show these shortcuts'],
];

/** The shortcuts dialog. */
export function ShortcutsHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      title="Keyboard shortcuts"
      open={open}
      onClose={onClose}
      footer={
        <button type="button" onClick={onClose}>
          Close
        </button>
      }
    >
      <table className="shortcuts">
        <thead>
          <tr>
            <th scope="col">Keys</th>
            <th scope="col">Does</th>
          </tr>
        </thead>
        <tbody>
          {POS_SHORTCUTS.map(([keys, does]) => (
            <tr key={keys}>
              <td>
                <kbd>{keys}</kbd>
              </td>
              <td>{does}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
