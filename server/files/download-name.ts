import { DETECTED_EXTENSIONS } from './detected-extensions.js';

/**
 * Container formats: many kinds of files are these inside (a Revit model or an old Excel sheet is
 * a CFB file, a SketchUp or KMZ file a zip, an SVG or GPX file XML), so their names keep their own
 * extension.
 */
const CONTAINERS = new Set(['application/zip', 'application/x-cfb', 'application/xml']);

const extensionOf = (name: string) => /\.([A-Za-z0-9]{1,10})$/.exec(name)?.[1]?.toLowerCase();

/**
 * The name a download is saved under: its extension follows the type detected from its content
 * (docs/decisions/246), so the saved file opens as what it is.
 * - a name that ends with one of the type's extensions is kept (`plan.pdf`, `photo.jpeg`);
 * - a wrong last extension right after a right one is dropped (`poly.png.html` → `poly.png`);
 * - otherwise the type's usual extension is appended (`report.exe` → `report.exe.pdf`,
 *   `notes` → `notes.pdf`): nothing the uploader typed is lost.
 * A type not detected (text, unknown: sent as application/octet-stream) and the container formats
 * keep the name as it is.
 */
export function downloadName(name: string, contentType: string): string {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const extensions = DETECTED_EXTENSIONS[type];
  if (!extensions || CONTAINERS.has(type)) return name;
  const last = extensionOf(name);
  if (last && extensions.includes(last)) return name;
  if (last) {
    const before = name.slice(0, -(last.length + 1));
    const previous = extensionOf(before);
    if (previous && extensions.includes(previous)) return before;
  }
  return `${name}.${extensions[0]}`;
}
