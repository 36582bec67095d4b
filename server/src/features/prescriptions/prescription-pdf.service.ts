import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFStream, type PDFContext, type PDFObject } from 'pdf-lib';

// A PDF can run script when opened (/OpenAction, /AA), carry embedded files, and name its author,
// software and dates (/Info, XMP /Metadata). A prescription is kept as its pages only: whatever acts
// or describes is removed, and the file is written again.

/** Keys removed from every dictionary: actions, scripts, forms' XFA, attachments and metadata. */
const REMOVED_KEYS = ['OpenAction', 'AA', 'JS', 'JavaScript', 'EmbeddedFiles', 'XFA', 'Metadata', 'Next'].map((key) =>
  PDFName.of(key),
);
const ACTION = PDFName.of('A');
const ACTION_TYPE = PDFName.of('S');
/** Actions that only move within the document or open a link; any other /A (script, launch, form submit) goes. */
const HARMLESS_ACTIONS = new Set(['/GoTo', '/URI', '/Named']);

function isHarmlessAction(action: PDFObject | undefined): boolean {
  if (!(action instanceof PDFDict)) return false;
  const type = action.get(ACTION_TYPE);
  return type instanceof PDFName && HARMLESS_ACTIONS.has(type.asString());
}

/**
 * The PDF without its active content and metadata, or null when it cannot be read, is encrypted or
 * has no page. Objects no longer reachable from the catalogue are dropped, so a removed script or
 * /Info dictionary is not written as an orphan either.
 */
export async function stripPdf(content: Buffer): Promise<Buffer | null> {
  try {
    const doc = await PDFDocument.load(content, { updateMetadata: false });
    if (doc.getPageCount() === 0) return null;
    removeActiveContentAndMetadata(doc.context);
    return Buffer.from(await doc.save({ updateFieldAppearances: false }));
  } catch {
    return null;
  }
}

function removeActiveContentAndMetadata(context: PDFContext) {
  context.trailerInfo.Info = undefined;
  const reachable = new Set<string>();
  const pending: PDFObject[] = context.trailerInfo.Root ? [context.trailerInfo.Root] : [];
  for (let object = pending.pop(); object !== undefined; object = pending.pop()) {
    if (object instanceof PDFRef) {
      if (reachable.has(object.tag)) continue;
      reachable.add(object.tag);
      const target = context.lookup(object);
      if (target) pending.push(target);
    } else if (object instanceof PDFStream) {
      pending.push(object.dict);
    } else if (object instanceof PDFArray) {
      pending.push(...object.asArray());
    } else if (object instanceof PDFDict) {
      for (const key of REMOVED_KEYS) object.delete(key);
      const action = object.get(ACTION);
      if (action && !isHarmlessAction(action instanceof PDFRef ? context.lookup(action) : action))
        object.delete(ACTION);
      pending.push(...object.values());
    }
  }
  for (const [ref] of context.enumerateIndirectObjects()) if (!reachable.has(ref.tag)) context.delete(ref);
}
