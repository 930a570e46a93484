/**
 * The stylesheet of the firm's documents (the client proposal, the purchase order), inlined into
 * the page (it may load nothing). A4 portrait. Figures never wrap and their table sizes its
 * columns to them (`table-layout: auto`), so two amounts can never run into each other; the item
 * column takes what is left and wraps its text.
 */
export const DOCUMENT_CSS = `
*{box-sizing:border-box}
html{-webkit-print-color-adjust:exact;print-color-adjust:exact}
body{margin:0;font-family:"DejaVu Sans","Liberation Sans",Arial,sans-serif;font-size:9pt;color:#1f2328;line-height:1.35}
h1,h2,h3,p{margin:0}
.doc-head{display:flex;justify-content:space-between;align-items:flex-start;gap:16px;padding-bottom:10px;margin-bottom:14px;border-bottom:2px solid #1f2328}
.doc-firm{display:flex;gap:10px;align-items:flex-start;max-width:60%}
.doc-logo{width:52px;height:52px;border-radius:6px;display:block}
.doc-firm-name{font-size:13pt;font-weight:700}
.doc-firm-address{color:#57606a;white-space:pre-line;margin-top:2px}
.doc-firm-gstin{margin-top:2px;font-weight:600}
.doc-meta{text-align:right;color:#57606a;font-size:8.5pt}
.doc-meta strong{color:#1f2328}
.doc-kind{font-size:16pt;font-weight:700;color:#1f2328;letter-spacing:-0.01em;margin-bottom:2px}
.doc-parties{display:flex;gap:16px;margin-bottom:12px}
.doc-party{flex:1;border:1px solid #d0d7de;border-radius:6px;padding:6px 10px}
.doc-party h2{font-size:7.5pt;text-transform:uppercase;letter-spacing:.05em;color:#57606a;margin-bottom:2px}
.doc-party .doc-pre{white-space:pre-line}
.doc-room{margin-bottom:14px}
.doc-room>h2{font-size:12pt;font-weight:700;margin-bottom:6px;padding-bottom:3px;border-bottom:1px solid #d0d7de}
table.doc-lines{width:100%;border-collapse:collapse;table-layout:auto;margin-bottom:8px}
.doc-lines caption{text-align:left;font-weight:700;font-size:10pt;padding:4px 0}
.doc-lines th{text-align:left;font-size:7pt;font-weight:700;text-transform:uppercase;letter-spacing:.04em;color:#57606a;padding:5px 6px;border-bottom:1px solid #d0d7de;background:#f6f8fa}
.doc-lines td{padding:5px 6px;border-bottom:1px solid #eaeef2;vertical-align:top}
.doc-lines tr{break-inside:avoid}
.doc-lines .num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums;width:1%}
.doc-lines td:not(.num){overflow-wrap:anywhere}
.doc-col-img{width:56px}
.doc-thumb{width:46px;height:46px;border-radius:4px;display:block;background:#f1f3f5}
.doc-thumb-empty{width:46px;height:46px;border-radius:4px;background:#f1f3f5;border:1px dashed #d0d7de}
.doc-item-title{font-weight:600}
.doc-item-desc{color:#57606a;margin-top:1px;white-space:pre-line}
.doc-item-code,.doc-note{color:#8c959f;font-size:7pt}
.doc-total td{font-weight:700;background:#f6f8fa;border-top:1px solid #d0d7de}
.doc-room-total td{background:#eef1f4}
.doc-grand{margin:14px 0 0 auto;width:60%;border:2px solid #1f2328;border-radius:6px;padding:6px 10px;break-inside:avoid}
.doc-grand table{width:100%;border-collapse:collapse}
.doc-grand th{text-align:left;font-weight:400;padding:3px 0}
.doc-grand td{padding:3px 0}
.doc-grand .num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums;padding-left:12px}
.doc-grand-total th,.doc-grand-total td{font-weight:700;font-size:11pt;border-top:1px solid #1f2328;padding-top:5px}
.doc-words{margin-top:4px;font-style:italic}
.doc-terms{margin-top:14px;break-inside:avoid}
.doc-terms h2{font-size:10pt;margin:8px 0 2px}
.doc-pre{white-space:pre-line}
.doc-empty{color:#8c959f;font-style:italic;padding:8px 0}
`;
