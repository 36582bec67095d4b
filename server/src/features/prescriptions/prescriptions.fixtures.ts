import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import sharp from 'sharp';
import type { TestContext } from '../../test/test-app';
import { sendForm } from '../medicines/medicines.fixtures';

/** A phone photo of a prescription: a JPEG carrying the camera's make and a GPS position. */
export const photoWithGps = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#ffffff' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Copyright: 'Ada Patient' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();

/** A one-page PDF, as a scanner writes it, with nothing to strip. */
export const PDF_SCAN = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/**
 * A one-page PDF that runs JavaScript when opened and when its page is shown, and names its author
 * in /Info and in XMP, written without object streams so that a reader sees every object.
 */
export async function pdfWithScriptAndMetadata(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  doc.setAuthor('Ada Patient');
  doc.setTitle('Prescription');
  const { context, catalog } = doc;
  const script = (code: string) => context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of(code) });
  catalog.set(PDFName.of('OpenAction'), context.register(script('app.alert("opened")')));
  catalog.set(
    PDFName.of('Names'),
    context.obj({ JavaScript: { Names: [PDFString.of('start'), context.register(script('app.alert("named")'))] } }),
  );
  const xmp = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><dc:creator>Ada Patient</dc:creator></x:xmpmeta>';
  catalog.set(PDFName.of('Metadata'), context.register(context.stream(xmp, { Type: 'Metadata', Subtype: 'XML' })));
  page.node.set(PDFName.of('AA'), context.obj({ O: context.register(script('app.alert("page")')) }));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** POST /api/prescriptions with `content` as the `file` part, as a browser sends a chosen file. */
export async function uploadPrescription(
  ctx: TestContext,
  headers: { authorization?: string },
  content: Buffer,
  type = 'image/jpeg',
) {
  return sendForm(
    ctx,
    'POST',
    '/api/prescriptions',
    headers,
    {},
    { field: 'file', content, filename: 'prescription', type },
  );
}
