// Opens a labels PDF in a new tab, as the other screens' PDFs do (ui/open-tab.ts).
export { POPUP_BLOCKED, openInNewTab as openPdf } from '../../../ui/open-tab.js';
