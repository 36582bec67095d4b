import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { HttpError } from '../http-error';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves uploaded images under /uploads (their names never change, so they are cached for a year)
 * and the built client at every other non-API path, with index.html as the fallback for the SPA's
 * routes (CONTRACT.md).
 */
export default fp<{ clientDistDir: string; uploadsDir: string }>(
  async (app, { clientDistDir, uploadsDir }) => {
    fs.mkdirSync(uploadsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      immutable: true,
      maxAge: YEAR_SECONDS * 1000,
    });

    const indexHtml = path.join(clientDistDir, 'index.html');
    const hasClient = fs.existsSync(indexHtml);
    if (hasClient) {
      await app.register(fastifyStatic, {
        root: clientDistDir,
        prefix: '/',
        wildcard: false,
        index: false,
        // The client build writes .br and .gz copies of its text files (client/vite.config.ts).
        preCompressed: true,
        // Hashed build assets never change; index.html must always be revalidated.
        setHeaders: (res, filePath) => {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', immutable ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache');
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const isPage = request.method === 'GET' || request.method === 'HEAD';
      // A missing API path, upload or build asset is a 404, never index.html served as a script.
      const isFile = ['/api/', '/uploads/', '/assets/'].some((prefix) => request.url.startsWith(prefix));
      if (isPage && !isFile && request.url !== '/api' && hasClient) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html', clientDistDir);
      }
      throw HttpError.notFound(`Route ${request.method} ${request.url.split('?')[0]} not found`);
    });
  },
  { name: 'static-client' },
);
