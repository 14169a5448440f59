import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../lib/errors';
import { errorsPlugin, fieldFromPointer } from './errors';

async function appWithRoutes() {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/items',
    { schema: { body: z.object({ items: z.array(z.object({ stake: z.number().min(0) })) }) } },
    async () => ({ ok: true }),
  );
  app.get('/boom', async () => {
    throw new Error('connection to 10.0.0.5:5432 refused; password=hunter2');
  });
  app.get('/conflict', async () => {
    throw new AppError(409, 'CONFLICT', 'Account: already taken', [{ field: 'Account', message: 'already taken' }]);
  });
  return app;
}

describe('error handler', () => {
  it('names a nested field by its path', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({ method: 'POST', url: '/items', payload: { items: [{ stake: 1 }, { stake: -1 }] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('items[1].stake');
    expect(res.json().message).toContain('items[1].stake');
  });

  it('never shows internals on a 5xx', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json().messageCode).toBe('INTERNAL_ERROR');
    expect(res.body).not.toContain('10.0.0.5');
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('at ');
  });

  it('answers AppErrors with their status, code and fields', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({ method: 'GET', url: '/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      status: 409,
      message: 'Account: already taken',
      messageCode: 'CONFLICT',
      errors: [{ field: 'Account', message: 'already taken' }],
    });
  });

  it('refuses a body of the wrong media type with 415', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({
      method: 'POST',
      url: '/items',
      headers: { 'content-type': 'text/xml' },
      payload: '<x/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().messageCode).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('turns JSON pointers into field paths', () => {
    expect(fieldFromPointer('/Account')).toBe('Account');
    expect(fieldFromPointer('/3/stake')).toBe('[3].stake');
    expect(fieldFromPointer('/a/0/b')).toBe('a[0].b');
    expect(fieldFromPointer('')).toBe('');
  });
});
