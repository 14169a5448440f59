import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Serves the built console: hashed assets cached for a year, `index.html` never cached, and every
 * unknown non-API path answered with `index.html` so the console's router takes over. The page
 * title and environment come from the server's configuration, injected into `index.html`.
 */
export const consolePlugin = fp(
  async (app: FastifyInstance) => {
    const { config, consoleVersion: version } = app;
    const indexFile = path.join(config.consoleDir, 'index.html');
    const built = existsSync(indexFile);

    let cachedIndex: string | undefined;
    const renderIndex = () => {
      if (cachedIndex) return cachedIndex;
      const runtime = JSON.stringify({ title: config.title, env: config.env });
      cachedIndex = readFileSync(indexFile, 'utf8')
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(config.title)}</title>`)
        .replace('</head>', `<meta name="pitboss-config" content="${escapeHtml(runtime)}" />\n</head>`);
      return cachedIndex;
    };
    version.on('change', () => {
      cachedIndex = undefined;
    });

    const sendIndex = (reply: FastifyReply) => {
      if (!built && !existsSync(indexFile)) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The console is not built yet: run `npm run build` (npm start does this for you).');
      }
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(renderIndex());
    };

    if (built) {
      await app.register(fastifyStatic, {
        root: config.consoleDir,
        index: false,
        wildcard: true,
        setHeaders(res, filePath) {
          res.header(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }

    app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
    app.get('/index.html', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      const pathname = request.url.split('?')[0] ?? '';
      if (pathname.startsWith('/api')) {
        // Without a valid token every /api path answers 401, known or not.
        await app.authenticate(request);
        const allowed = app.allowedMethods(pathname);
        if (allowed.length > 0) {
          return reply
            .status(405)
            .header('allow', allowed.join(', '))
            .send({
              status: 405,
              message: `${request.method} is not allowed on ${pathname}; use ${allowed.join(' or ')}`,
              messageCode: 'METHOD_NOT_ALLOWED',
            });
        }
        return reply
          .status(404)
          .send({ status: 404, message: `No such call: ${request.method} ${pathname}`, messageCode: 'NOT_FOUND' });
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        const allowed = app.allowedMethods(pathname);
        if (allowed.length > 0) {
          return reply
            .status(405)
            .header('allow', allowed.join(', '))
            .send({
              status: 405,
              message: `${request.method} is not allowed on ${pathname}; use ${allowed.join(' or ')}`,
              messageCode: 'METHOD_NOT_ALLOWED',
            });
        }
        return reply.status(404).send({ status: 404, message: 'Not found', messageCode: 'NOT_FOUND' });
      }
      // A missing file with an extension is a 404; anything else is a console route.
      if (/\.[a-z0-9]+$/i.test(pathname)) return reply.status(404).type('text/plain').send('Not found');
      return sendIndex(reply);
    });
  },
  { name: 'console', dependencies: ['core', 'version', 'authentication', 'operations'] },
);
