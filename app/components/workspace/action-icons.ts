/**
 * Line icons of the workspace lists' actions (24 × 24 paths for ~/components/icon): add, rename,
 * delete, download, details (the preview panel), upload.
 */
export const ACTION_ICONS = {
  add: 'M12 5v14M5 12h14',
  edit: 'M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16zM13.5 6.5l4 4',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3',
  download: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  details: 'M3 5h18v14H3zM15 5v14M17.5 9h1.5M17.5 12h1.5',
  upload: 'M12 16V5M7 10l5-5 5 5M5 20h14',
  close: 'M6 6l12 12M18 6L6 18',
} as const;
