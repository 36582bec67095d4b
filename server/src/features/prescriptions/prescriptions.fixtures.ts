import sharp from 'sharp';
import type { TestContext } from '../../test/test-app';
import { multipart } from '../medicines/medicines.fixtures';

/** A phone photo of a prescription: a JPEG carrying the camera's make and a GPS position. */
export const photoWithGps = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#ffffff' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Copyright: 'Ada Patient' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();

export const PDF_SCAN = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** POST /api/prescriptions with `content` as the `file` part, as a browser sends a chosen file. */
export async function uploadPrescription(
  ctx: TestContext,
  headers: { authorization?: string },
  content: Buffer,
  type = 'image/jpeg',
) {
  const form = await multipart({}, { field: 'file', content, filename: 'prescription', type });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/prescriptions',
    payload: form.payload,
    headers: { ...form.headers, ...headers },
  });
}
