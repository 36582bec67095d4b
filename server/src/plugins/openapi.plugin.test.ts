import { SORT_SYNONYMS, SORTS } from '@apotheca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app';
import { OPENAPI_JSON_PATH, OPENAPI_UI_PREFIX } from './openapi.plugin';

type OpenApiDocument = {
  openapi: string;
  paths: Record<
    string,
    Record<string, { requestBody?: unknown; security?: unknown[]; parameters?: { name: string; schema: unknown }[] }>
  >;
};

/**
 * Every "METHOD /path" the app routes, read from Fastify's own route tree (each line is a path
 * segment indented under its parent), with `:param` written as OpenAPI's `{param}`.
 */
function registeredRoutes(tree: string): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^(.*?)[└├]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('').replace(/:(\w+)/g, '{$1}');
    for (const method of (match[3] ?? '').split(', ')) {
      if (method && method !== '-' && method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

describe('OpenAPI document and Swagger UI', () => {
  let ctx: TestContext;
  let document: OpenApiDocument;
  beforeAll(async () => {
    ctx = await createTestContext();
    const response = await ctx.app.inject({ method: 'GET', url: OPENAPI_JSON_PATH });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('lists every registered API route', () => {
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const api = registeredRoutes(ctx.app.printRoutes({ commonPrefix: false })).filter(
      (route) => route.includes(' /api/') && !route.includes(OPENAPI_UI_PREFIX) && !route.endsWith(OPENAPI_JSON_PATH),
    );
    expect(api).toEqual(expect.arrayContaining(['POST /api/auth/register', 'DELETE /api/auth/delete-user/{id}']));
    expect(documented.sort()).toEqual(api.sort());
  });

  it('describes bodies from the zod schemas and marks the bearer-token calls', () => {
    const register = document.paths['/api/auth/register']!.post!;
    expect(JSON.stringify(register.requestBody)).toContain('"first_name"');
    // Examples that pass the rules, so a request drafted in Swagger UI is accepted.
    expect(JSON.stringify(register.requestBody)).toContain('"example":"ada@example.com"');
    expect(document.paths['/api/auth/me']!.get!.security).toEqual([{ bearerAuth: [] }]);
    expect(document.openapi).toMatch(/^3\./);
  });

  it("lists the original client's sort names as deprecated synonyms beside the API's own", () => {
    const sort = document.paths['/api/medicines']!.get!.parameters!.find((p) => p.name === 'sort');
    expect(sort?.schema).toEqual({
      anyOf: [
        { type: 'string', enum: [...SORTS] },
        expect.objectContaining({ type: 'string', enum: Object.keys(SORT_SYNONYMS), deprecated: true }),
      ],
    });
  });

  it('serves Swagger UI from its own files under the strict CSP', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: `${OPENAPI_UI_PREFIX}/` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-initializer.js');
    expect(page.body).not.toMatch(/<script>|<style>/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toMatch(/style-src 'self' 'sha256-[\w+/=]+';/);
    const initializer = await ctx.app.inject({
      method: 'GET',
      url: `${OPENAPI_UI_PREFIX}/static/swagger-initializer.js`,
    });
    expect(initializer.statusCode).toBe(200);
  });

  it('keeps the strict CSP everywhere else', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: OPENAPI_JSON_PATH });
    expect(String(response.headers['content-security-policy'])).toContain("style-src 'self';");
  });
});
