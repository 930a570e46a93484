import { SUMMARY_STATUS_COLOURS, SUMMARY_STATUSES } from '../../../server/contract/summary-rules';

/**
 * The print stylesheet of the summary's PDF, inlined into the page (the page may load nothing).
 * Sized for A4 with Chromium's margins; the status colours are the editor's (DESIGN.md section 8).
 */
const statusRules = SUMMARY_STATUSES.map((status) => {
  const c = SUMMARY_STATUS_COLOURS[status];
  return `.sp-section[data-status="${status}"] .sp-section-head{background:${c.background};border-color:${c.border}}
.sp-status[data-status="${status}"]{color:${c.text};border-color:${c.border};background:#fff}`;
}).join('\n');

export const PRINT_CSS = `
*{box-sizing:border-box}
html{-webkit-print-color-adjust:exact;print-color-adjust:exact}
body{margin:0;font-family:"DejaVu Sans","Liberation Sans",Arial,sans-serif;font-size:9.5pt;color:#1f2328;line-height:1.35}
h1,h2,h3,p{margin:0}
.sp-cover{display:flex;justify-content:space-between;align-items:flex-end;gap:16px;padding-bottom:10px;margin-bottom:14px;border-bottom:2px solid #1f2328}
.sp-cover h1{font-size:18pt;font-weight:700;letter-spacing:-0.01em}
.sp-cover .sp-sub{margin-top:3px;color:#57606a;font-size:10pt}
.sp-cover .sp-meta{text-align:right;color:#57606a;font-size:8.5pt}
.sp-cover .sp-meta strong{display:block;color:#1f2328;font-size:10pt}
.sp-room{margin-bottom:14px}
.sp-room-head{display:flex;justify-content:space-between;align-items:baseline;margin:0 0 6px;padding-bottom:3px;border-bottom:1px solid #d0d7de}
.sp-room-head h2{font-size:12.5pt;font-weight:700}
.sp-room-head .sp-money{font-size:10pt;font-weight:600}
.sp-section{border:1px solid #d0d7de;border-radius:6px;margin-bottom:10px;break-inside:auto;overflow:hidden}
.sp-section-head{display:flex;justify-content:space-between;align-items:center;gap:8px;padding:6px 10px;border-bottom:1px solid;break-after:avoid}
.sp-section-head h3{font-size:10.5pt;font-weight:700}
.sp-status{display:inline-block;padding:1px 8px;border:1px solid;border-radius:999px;font-size:7.5pt;font-weight:700;text-transform:uppercase;letter-spacing:.04em;white-space:nowrap}
${statusRules}
table.sp-items{width:100%;border-collapse:collapse;table-layout:fixed}
/* Figures size their own columns (nowrap, auto layout): with fixed 9 % columns a bold section
   total such as ₹2,77,750.00 overflowed into the next cell and the two amounts ran together. */
table.sp-items-financial{table-layout:auto}
.sp-items-financial .num{width:1%}
.sp-items th{text-align:left;font-size:7.5pt;font-weight:700;text-transform:uppercase;letter-spacing:.04em;color:#57606a;padding:5px 8px;border-bottom:1px solid #d0d7de;background:#f6f8fa}
.sp-items td{padding:6px 8px;border-bottom:1px solid #eaeef2;vertical-align:top}
.sp-items tr{break-inside:avoid}
.sp-items tr:last-child td{border-bottom:0}
.sp-items .num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
.sp-thumb{width:52px;height:52px;border-radius:4px;display:block;background:#f1f3f5}
.sp-thumb-empty{width:52px;height:52px;border-radius:4px;background:#f1f3f5;border:1px dashed #d0d7de}
.sp-col-img{width:68px}
.sp-items td{overflow-wrap:anywhere}
.sp-title{font-weight:600}
.sp-desc{color:#57606a;margin-top:1px}
.sp-type{font-size:7pt;color:#8c959f;text-transform:uppercase;letter-spacing:.05em}
.sp-pairs{display:flex;gap:18px}
.sp-pairs>div{flex:1}
.sp-total td{font-weight:700;background:#f6f8fa;border-top:1px solid #d0d7de}
.sp-cards{display:flex;flex-wrap:wrap;gap:6px;padding:6px 10px 8px;border-top:1px solid #eaeef2}
.sp-card{flex:1 1 160px;border:1px solid #eaeef2;border-radius:4px;padding:4px 6px}
.sp-card strong{display:block;font-size:8pt}
.sp-empty{padding:8px 10px;color:#8c959f;font-style:italic}
.sp-grand{margin-top:12px;border:2px solid #1f2328;border-radius:6px;break-inside:avoid}
.sp-grand table{width:100%;border-collapse:collapse}
.sp-grand th,.sp-grand td{padding:6px 10px;text-align:right;font-variant-numeric:tabular-nums}
.sp-grand th{font-size:7.5pt;text-transform:uppercase;letter-spacing:.04em;color:#57606a}
.sp-grand td{font-size:11pt;font-weight:700}
.sp-grand caption{text-align:left;font-weight:700;padding:6px 10px 0;font-size:10.5pt}
.sp-neg{color:#9b2226}
.sp-portrait .sp-items{font-size:8pt}
.sp-portrait .sp-items th{letter-spacing:0;font-size:6.5pt;padding:5px 5px}
.sp-portrait .sp-items td{padding:5px 5px}
.sp-portrait .sp-thumb,.sp-portrait .sp-thumb-empty{width:40px;height:40px}
.sp-portrait .sp-col-img{width:50px}
`;
