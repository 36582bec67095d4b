import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/test-context';
import { importMedicineImageFiles } from './medicine-image.service';

describe('images an earlier version stored as files', () => {
  const ctx = useTestContext();

  it('are served from the database after a start, and a second start changes nothing', async () => {
    const dir = path.join(ctx.config.uploadsDir, 'medicines');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'old-detail.webp'), 'old bytes');
    await importMedicineImageFiles(ctx.database.db, ctx.config.uploadsDir);
    await importMedicineImageFiles(ctx.database.db, ctx.config.uploadsDir);
    const image = await ctx.app.inject({ method: 'GET', url: '/uploads/medicines/old-detail.webp' });
    expect(image.statusCode).toBe(200);
    expect(image.body).toBe('old bytes');
    expect(image.headers['content-type']).toBe('image/webp');
  });
});
