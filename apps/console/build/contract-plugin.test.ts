import { describe, expect, it } from 'vitest';
import { transformContractModule } from './contract-plugin';

describe('transformContractModule', () => {
  const source = `import { z } from 'zod';
export const Body = z.object({ a: z.string() }).describe('x');
export const Kinds = [1, 2].map((n) => z.literal(n)) as [z.ZodLiteral<1>, z.ZodLiteral<2>];
export const LIMIT = 5;
const Base = { id: z.string() };
export function helper() { return z.string(); }
export const login = defineEndpoint({
  method: 'POST',
  path: '/api/v2/auth/login',
  access: 'public',
  body: Body,
  response: z.object({ ok: z.boolean() }),
});
`;
  const out = transformContractModule(source) ?? '';

  it('drops the server-only schemas of an endpoint and keeps its metadata', () => {
    expect(out).toContain("path: '/api/v2/auth/login'");
    expect(out).toContain("access: 'public'");
    expect(out).not.toMatch(/body:\s*Body/);
    expect(out).not.toContain('response:');
  });

  it('marks every top-level constant built by a call as a pure expression', () => {
    expect(out).toContain("export const Body = /* @__PURE__ */ (() => (z.object({ a: z.string() }).describe('x')))();");
    expect(out).toMatch(/export const Kinds = \/\* @__PURE__ \*\/ \(\(\) => \(\[1, 2\]\.map/);
    expect(out).toContain('export const LIMIT = 5;');
    expect(out).toContain('const Base = /* @__PURE__ */ (() => ({ id: z.string() }))();');
    expect(out).toContain('export function helper() { return z.string(); }');
  });

  it('leaves a module without constants or endpoints alone', () => {
    expect(transformContractModule("export type A = 'a';\n")).toBeUndefined();
  });
});
