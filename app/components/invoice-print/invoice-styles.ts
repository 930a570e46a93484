/** The stylesheet of the invoice and receipt PDFs: inline in the page Chromium prints (nothing is fetched). */
export const INVOICE_CSS = `
* { box-sizing: border-box; }
body { font-family: 'DejaVu Sans', Arial, sans-serif; font-size: 9.5pt; color: #1d1d1f; margin: 0; }
h1 { font-size: 18pt; margin: 0 0 2mm; letter-spacing: 0.02em; }
h2 { font-size: 10pt; margin: 0 0 1.5mm; text-transform: uppercase; letter-spacing: 0.06em; color: #555; }
.iv-head { display: flex; justify-content: space-between; gap: 8mm; border-bottom: 2px solid #1d1d1f; padding-bottom: 4mm; margin-bottom: 4mm; }
.iv-meta { text-align: right; }
.iv-meta dl, .iv-party dl { margin: 0; display: grid; grid-template-columns: auto auto; gap: 0.6mm 3mm; }
.iv-meta dt, .iv-party dt { color: #555; }
.iv-meta dd, .iv-party dd { margin: 0; font-weight: 600; }
.iv-parties { display: grid; grid-template-columns: 1fr 1fr; gap: 8mm; margin-bottom: 5mm; }
.iv-party p { margin: 0 0 1mm; white-space: pre-line; }
.iv-name { font-weight: 700; font-size: 11pt; }
table { width: 100%; border-collapse: collapse; margin-bottom: 4mm; }
th, td { border-bottom: 1px solid #ddd; padding: 1.6mm 1.4mm; vertical-align: top; text-align: left; }
th { background: #f3f3f3; font-size: 8pt; text-transform: uppercase; letter-spacing: 0.03em; }
.num { text-align: right; white-space: nowrap; }
/* The lines table gives the description the room (decision 400): figures in a smaller type, the description at least 40 % of the width. */
.iv-lines th, .iv-lines td { padding: 1.2mm 1mm; }
.iv-lines td.num, .iv-lines th.num { font-size: 8pt; }
.iv-lines { table-layout: fixed; }
.iv-lines th.num { width: 19mm; white-space: normal; }
.iv-lines th.iv-n { width: 6mm; }
.iv-lines th.iv-hsn { width: 13mm; }
.iv-lines th.iv-narrow { width: 10mm; }
.iv-lines th.iv-wide { width: 23mm; }
.iv-lines td.iv-desc { overflow-wrap: anywhere; }
tfoot td { font-weight: 700; border-bottom: none; }
.iv-grand td { border-top: 2px solid #1d1d1f; font-size: 11pt; }
.iv-words { margin: 0 0 5mm; }
.iv-pay { display: flex; gap: 8mm; align-items: flex-start; border: 1px solid #ddd; padding: 4mm; margin-bottom: 5mm; page-break-inside: avoid; }
.iv-qr svg, .iv-qr img { width: 32mm; height: 32mm; display: block; }
.iv-notes { white-space: pre-line; margin-bottom: 5mm; }
.iv-sign { text-align: right; margin-top: 10mm; break-inside: avoid; }
.iv-signature { display: block; margin: 2mm 0 1mm auto; max-width: 60mm; max-height: 20mm; }
.iv-sign-line { display: block; width: 55mm; height: 14mm; margin: 0 0 1mm auto; border-bottom: 0.5pt solid #333; }
.iv-signed { display: block; margin-top: 1mm; }
.iv-stamp { position: fixed; top: 40%; left: 0; right: 0; text-align: center; font-size: 80pt; color: rgba(200, 0, 0, 0.12); transform: rotate(-20deg); font-weight: 700; }
.iv-rate { display: block; color: #555; font-size: 7.5pt; font-weight: 400; }
.iv-small { color: #555; font-size: 8pt; }
`;
